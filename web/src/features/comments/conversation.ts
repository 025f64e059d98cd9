/** The fields of a comment or a share that decide where it sits in the conversation. */
type Dated = { readonly id: string; readonly createdAt: string };
type Shared = Dated & { readonly note: string | null | undefined };

/** One entry of an article's conversation: a comment, or a share that carries a note. */
export type ConversationEntry<C, S> = { kind: 'comment'; item: C } | { kind: 'share'; item: S };

/** Only shares with a note join the conversation (spec part 1 §2); a blank note is no note. */
function hasNote(share: Shared): boolean {
  return Boolean(share.note?.trim());
}

/** Comments and the shares that carry a note, merged newest first (spec part 1 §2, Reader); ties keep comments first. */
export function mergeConversation<C extends Dated, S extends Shared>(
  comments: readonly C[],
  shares: readonly S[],
): ConversationEntry<C, S>[] {
  const entries: ConversationEntry<C, S>[] = [
    ...comments.map((item) => ({ kind: 'comment' as const, item })),
    ...shares.filter(hasNote).map((item) => ({ kind: 'share' as const, item })),
  ];
  // Array sort is stable: entries of the same instant keep comments before share notes.
  return entries.sort((a, b) => Date.parse(b.item.createdAt) - Date.parse(a.item.createdAt));
}

/** The n of 'Comments (n)': comments plus the shares that carry a note (spec part 1 §2, Reader). */
export function conversationCount(comments: readonly Dated[], shares: readonly Shared[]): number {
  return comments.length + shares.filter(hasNote).length;
}
