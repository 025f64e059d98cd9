/**
 * '@' then word characters (spec part 1 §5), not inside a word or an address: 'bob@example.com' mentions nobody.
 * The server reads mentions from the text itself (api/src/domain/social/mentions.ts); this finds the same names.
 */
const MENTION = /(?<![\w@.+-])@(\w+)/g;

/** The usernames a text @mentions, each once, in order of first appearance: sent with a comment only when any exist. */
export function mentionedUsernames(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(MENTION), (match) => match[1]!))];
}

/** A run of comment text: plain, or an @mention to emphasise. */
export type MentionSegment = { kind: 'text' | 'mention'; text: string };

/** Splits plain text into text and @mention runs, so mentions stand out and nothing is rendered as HTML. */
export function mentionSegments(text: string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'mention', text: match[0] });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The @mention being typed at the caret: where its '@' is and the name typed after it so far. */
export type MentionTrigger = { start: number; query: string };

/**
 * Spec part 1 §5: suggestions appear after an '@' within the current word (the text since the last space before
 * the caret) while what follows that '@' holds only word characters; a bare '@' asks for everyone.
 */
export function mentionTrigger(text: string, caret: number): MentionTrigger | null {
  const before = text.slice(0, caret);
  const word = before.slice(before.search(/\S*$/));
  const at = word.lastIndexOf('@');
  if (at < 0) return null;
  const query = word.slice(at + 1);
  if (!/^\w*$/.test(query)) return null;
  return { start: caret - query.length - 1, query };
}

/** The text with the typed mention replaced by '@username ' and the caret just after it. */
export function insertMention(text: string, trigger: MentionTrigger, caret: number, username: string): { text: string; caret: number } {
  const mention = `@${username} `;
  return { text: text.slice(0, trigger.start) + mention + text.slice(caret), caret: trigger.start + mention.length };
}
