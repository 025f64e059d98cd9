/** The fields of a comment or a share that decide where it sits in the conversation. */
type Dated = { readonly id: string; readonly createdAt: string };
type Shared = Dated & { readonly note: string | null | undefined };

/** One entry of an article's conversation: a comment, or a share that carries a note. */
export type ConversationEntry<C, S> = { kind: 'comment'; item: C } | { kind: 'share'; item: S };

/** Only shares with a note join the conversation; a blank note is no note. */
function hasNote(share: Shared): boolean {
  return Boolean(share.note?.trim());
}

/**
 * Comments and the shares that carry a note, merged newest first; ties keep comments
 * first. Comments come a page at a time: while more are to come (`moreComments`), share notes older than the
 * last comment loaded wait, or they would stand above comments not loaded yet.
 */
export function mergeConversation<C extends Dated, S extends Shared>(
  comments: readonly C[],
  shares: readonly S[],
  moreComments = false,
): ConversationEntry<C, S>[] {
  const oldestComment = comments.at(-1);
  const shown = (share: S) => !moreComments || !oldestComment || Date.parse(share.createdAt) >= Date.parse(oldestComment.createdAt);
  const entries: ConversationEntry<C, S>[] = [
    ...comments.map((item) => ({ kind: 'comment' as const, item })),
    ...shares.filter((share) => hasNote(share) && shown(share)).map((item) => ({ kind: 'share' as const, item })),
  ];
  // Array sort is stable: entries of the same instant keep comments before share notes.
  return entries.sort((a, b) => Date.parse(b.item.createdAt) - Date.parse(a.item.createdAt));
}

/**
 * The n of 'Comments (n)': comments plus the shares that carry a note. The comments are
 * the article's count from the server, since the list holds only the pages loaded so far.
 */
export function conversationCount(commentCount: number, shares: readonly Shared[]): number {
  return commentCount + shares.filter(hasNote).length;
}

/** The feed titles of the other copies of the story being read, by article id: 'on <feed>' beside what was said there. */
export type CopyFeedTitles = ReadonlyMap<string, string>;

export const NO_COPIES: CopyFeedTitles = new Map();

/**
 * The story's copies other than the article being read, by id, with their feed's title. The conversation is the
 * story's, so a comment or share made on any of them is shown; the one being read needs no mention.
 */
export function otherCopyFeedTitles(
  copies: readonly { readonly id: string; readonly feedTitle: string }[],
  readingId: string,
): CopyFeedTitles {
  return new Map(copies.filter((copy) => copy.id !== readingId).map((copy) => [copy.id, copy.feedTitle]));
}
