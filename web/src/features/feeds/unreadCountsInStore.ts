import { commitLocalUpdate, type Environment, type RecordProxy, type RecordSourceProxy } from 'relay-runtime';

// The sidebar's unread counts as the store holds them: FeedSubscription and Folder records, found through the
// root's `folders` (each with its `subscriptions`) and `rootSubscriptions`, as Feeds & Folders loads them. The acting
// tab moves them at once; the server's unreadCountsChanged event, read after the change committed, then sets them
// to what they are, in this tab and every other.

type Row = { subscription: RecordProxy; folder: RecordProxy | null };

/** Every subscription in the store's sidebar lists, with the folder holding it (null at the root). */
function sidebarRows(store: RecordSourceProxy): Row[] {
  const root = store.getRoot();
  const rows: Row[] = [];
  for (const folder of root.getLinkedRecords('folders') ?? []) {
    for (const subscription of folder?.getLinkedRecords('subscriptions') ?? [])
      if (folder && subscription) rows.push({ subscription, folder });
  }
  for (const subscription of root.getLinkedRecords('rootSubscriptions') ?? []) if (subscription) rows.push({ subscription, folder: null });
  return rows;
}

const feedOf = (subscription: RecordProxy) => subscription.getLinkedRecord('feed')?.getDataID();

/** What a local change did to each record's count, so that it can be taken back exactly (counts stop at 0). */
type Applied = Map<string, number>;

/** Moves a record's count by `by` (not below 0); answers how far it moved. */
function shift(record: RecordProxy, by: number, applied: Applied): number {
  const count = record.getValue('unreadCount');
  if (typeof count !== 'number') return 0;
  const next = Math.max(0, count + by);
  record.setValue(next, 'unreadCount');
  applied.set(record.getDataID(), (applied.get(record.getDataID()) ?? 0) + next - count);
  return next - count;
}

/** Takes a local change back (the mutation failed): each count moves back by what the change moved it. */
function undoer(environment: Environment, applied: Applied): () => void {
  return () =>
    commitLocalUpdate(environment, (store) => {
      for (const [id, moved] of applied) {
        const record = store.get(id);
        const count = record?.getValue('unreadCount');
        if (record && typeof count === 'number') record.setValue(Math.max(0, count - moved), 'unreadCount');
      }
    });
}

/**
 * An article read (`read`) or unread again: its subscription's count and its folder's move by one, at once, when
 * the store knows the article's feed and the article's state really changes. Answers how to take it back.
 */
export function countArticleRead(environment: Environment, articleId: string, read: boolean): () => void {
  const applied: Applied = new Map();
  commitLocalUpdate(environment, (store) => {
    const article = store.get(articleId);
    const feedId = article?.getLinkedRecord('feed')?.getDataID();
    if (!article || !feedId || article.getValue('isRead') === read) return;
    const row = sidebarRows(store).find(({ subscription }) => feedOf(subscription) === feedId);
    if (!row) return;
    // The folder moves as far as its subscription did: not at all when that count already stood at 0, nor for a muted
    // feed, which its folder's count leaves out.
    const moved = shift(row.subscription, read ? -1 : 1, applied);
    if (row.folder && row.subscription.getValue('muted') !== true) shift(row.folder, moved, applied);
  });
  return undoer(environment, applied);
}

/** What Mark All as Read marks: one feed, one folder, or (both null) everything; global ids. */
export type MarkAllCountsScope = { feedId: string | null; folderId: string | null };

/**
 * Mark All as Read: the counts of the feed (and so much less in its folder), of the folder and its subscriptions, or
 * of everything go to 0 at once. Articles newer than the list the reader saw stay unread on the server: the event
 * that follows puts them back. Answers how to take it back.
 */
export function countAllRead(environment: Environment, scope: MarkAllCountsScope): () => void {
  const applied: Applied = new Map();
  commitLocalUpdate(environment, (store) => {
    for (const { subscription, folder } of sidebarRows(store)) {
      const inScope = scope.feedId ? feedOf(subscription) === scope.feedId : scope.folderId ? folder?.getDataID() === scope.folderId : true;
      if (!inScope) continue;
      const count = subscription.getValue('unreadCount');
      if (typeof count !== 'number') continue;
      const moved = shift(subscription, -count, applied);
      if (folder && subscription.getValue('muted') !== true) shift(folder, moved, applied);
    }
  });
  return undoer(environment, applied);
}

/** The counts an unreadCountsChanged event carries (global ids). */
export type ChangedCounts = {
  readonly subscriptions: ReadonlyArray<{ readonly subscriptionId: string; readonly unreadCount: number }>;
  readonly folders: ReadonlyArray<{ readonly folderId: string; readonly unreadCount: number }>;
};

/** Sets the counts the server sent on the records the store holds; ids it does not hold (another tab's new feed) wait for the next load. */
export function setChangedCounts(store: RecordSourceProxy, counts: ChangedCounts | null | undefined): void {
  for (const { subscriptionId, unreadCount } of counts?.subscriptions ?? [])
    store.get(subscriptionId)?.setValue(unreadCount, 'unreadCount');
  for (const { folderId, unreadCount } of counts?.folders ?? []) store.get(folderId)?.setValue(unreadCount, 'unreadCount');
}
