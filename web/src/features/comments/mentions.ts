/**
 * '@' then a username (letters, digits, '_' and inner '-'), not inside a word or an address: 'bob@example.com'
 * mentions nobody, '@mary-jane' is one name. The same pattern as the server's (api/src/domain/social/mentions.ts).
 */
const MENTION = /(?<![\w@.+-])@([A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)/g;

/** A run of comment text: plain, or an @mention to emphasise. */
export type MentionSegment = { kind: 'text' | 'mention'; text: string };

/**
 * Splits plain text into text and @mention runs, so mentions stand out and nothing is rendered as HTML. Only the
 * names in `mentions` stand out: the server's list of the accounts the text mentions (`Comment.mentions`), so an
 * @word that names no one stays plain text.
 */
export function mentionSegments(text: string, mentions: readonly string[]): MentionSegment[] {
  const known = new Set(mentions.map((name) => name.toLowerCase()));
  const segments: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    if (!known.has(match[1]!.toLowerCase())) continue;
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
 * Suggestions appear after an '@' within the current word (the text since the last space before
 * the caret) while what follows that '@' holds only characters a username may contain (letters, digits, '_' and
 * '-'); a bare '@' asks for everyone.
 */
export function mentionTrigger(text: string, caret: number): MentionTrigger | null {
  const before = text.slice(0, caret);
  const word = before.slice(before.search(/\S*$/));
  const at = word.lastIndexOf('@');
  if (at < 0) return null;
  const query = word.slice(at + 1);
  if (!/^[A-Za-z0-9_-]*$/.test(query)) return null;
  return { start: caret - query.length - 1, query };
}

/** The text with the typed mention replaced by '@username ' and the caret just after it. */
export function insertMention(text: string, trigger: MentionTrigger, caret: number, username: string): { text: string; caret: number } {
  const mention = `@${username} `;
  return { text: text.slice(0, trigger.start) + mention + text.slice(caret), caret: trigger.start + mention.length };
}
