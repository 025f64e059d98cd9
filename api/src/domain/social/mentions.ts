import type { Prisma } from '../../generated/prisma/client.ts';
import { InvalidInputError } from '../core/errors.ts';
import { MENTIONS_MAX } from '@tidings/shared/limits';
import type { Services } from '../core/services.ts';

// '@' then a username (letters, digits, '_' and inner '-'), not inside a word or an address: 'bob@example.com'
// and 'a.@b' mention nobody, '(@alice)', '@alice,' and '@alice.' mention alice.
const MENTION = /(?<![\w@.+-])@([A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)/g;

/** The usernames `@mentioned` in a text, each once (case-insensitively), in order of first appearance. */
export function mentionedUsernames(text: string): string[] {
  const seen = new Map<string, string>();
  for (const match of text.matchAll(MENTION)) {
    const username = match[1] ?? '';
    if (!seen.has(username.toLowerCase())) seen.set(username.toLowerCase(), username);
  }
  return [...seen.values()];
}

/**
 * The users a text mentions: its `@username` tokens, resolved to existing accounts (case-insensitively),
 * without the author. Unknown names mention nobody. Usernames a client sends along (`mentions`) are not read:
 * only the text decides, since a client's own parse may find '@example' in 'bob@example.org' or '@mary' in
 * '@mary-jane', and a name absent from the text mentions nobody.
 *
 * More than MENTIONS_MAX such people is refused (400, in the words of `what`, e.g. "A comment"): each of them is
 * notified, so one text must not reach a crowd. Called before anything is written.
 */
export async function resolveMentions(
  db: Prisma.TransactionClient,
  authorId: string,
  text: string,
  what: string,
): Promise<{ id: string; username: string }[]> {
  const names = mentionedUsernames(text).map((name) => name.toLowerCase());
  if (names.length === 0) return [];
  const users = await db.user.findMany({ where: { username: { in: names } }, select: { id: true, username: true } });
  const mentioned = users.filter((user) => user.id !== authorId);
  if (mentioned.length > MENTIONS_MAX) throw new InvalidInputError(`${what} can mention at most ${MENTIONS_MAX} people.`);
  return mentioned;
}

/**
 * The accounts among `names` (case-insensitively), as lowercased name → the username as the account spells it.
 * What a comment or share note shows as a mention: `@name` tokens of its text (`mentionedUsernames`) that name
 * someone, the same rule `resolveMentions` notifies by.
 */
export async function existingUsernames(services: Pick<Services, 'db'>, names: readonly string[]): Promise<Map<string, string>> {
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  if (lowered.length === 0) return new Map();
  const users = await services.db.user.findMany({ where: { username: { in: lowered } }, select: { username: true } });
  return new Map(users.map((user) => [user.username.toLowerCase(), user.username]));
}

/**
 * For each text, the accounts it @mentions as their usernames, in order of first mention: what clients highlight
 * (REST's `mentions`, GraphQL's `Comment.mentions` and `Share.mentions`). One query for all the texts.
 */
export async function textMentions(services: Pick<Services, 'db'>, texts: readonly string[]): Promise<string[][]> {
  const names = texts.map(mentionedUsernames);
  const found = await existingUsernames(services, names.flat());
  return names.map((list) => list.flatMap((name) => found.get(name.toLowerCase()) ?? []));
}
