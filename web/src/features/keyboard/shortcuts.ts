/**
 * Every key Tidings answers, listed once for the Settings panel and the ? dialog.
 * Lists are the article, Shared and digest lists; "the article" is the selected one in a list, the open one in
 * the reader.
 */
export const SHORTCUTS = [
  { keys: 'j', action: 'Select the next item in a list; in the reader, open the next article' },
  { keys: 'k', action: 'Select the previous item in a list; in the reader, open the previous article' },
  { keys: 'Enter', action: 'Open the selected item' },
  { keys: 'Esc', action: 'Clear the selection in a list; in the reader, go back to the list' },
  { keys: 'm', action: 'Mark the article read or unread' },
  { keys: 'l', action: 'Like or unlike the article' },
  { keys: 's', action: 'Star or unstar the article' },
  { keys: 'v', action: 'Open the original page of the article in a new tab' },
  { keys: 'f', action: 'In the reader, load the full article from its page, or go back to the feed’s version' },
  { keys: 'h', action: 'In the reader, highlight the selected text' },
  { keys: '.', action: 'Show the new articles that arrived in the list' },
  { keys: 'r', action: 'Refresh all feeds' },
  { keys: '/', action: 'Open the command palette' },
  { keys: '?', action: 'Show these shortcuts' },
] as const;
