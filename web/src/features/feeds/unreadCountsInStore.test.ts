import { Environment, Network, Observable, RecordSource, requestSubscription, Store, type GraphQLResponse } from 'relay-runtime';
import { describe, expect, it } from 'vitest';
import countsSubscription, { type useUnreadCountsSubscription } from './__generated__/useUnreadCountsSubscription.graphql';
import { countAllRead, countArticleRead, setChangedCounts } from './unreadCountsInStore';

/**
 * A store holding the sidebar as Feeds & Folders loads it: folder f1 with s1 (feed A, 5 unread) and s2 (feed B, 2),
 * s3 (feed C, 4) at the root; articles a1 (A, unread), a2 (A, read), a3 (C, unread) and a4 (feed D, followed by nobody).
 */
function sidebar() {
  let push: (response: GraphQLResponse) => void = () => {};
  const environment = new Environment({
    network: Network.create(
      () => Promise.reject(new Error('no queries here')),
      () => Observable.create<GraphQLResponse>((sink) => void (push = (response) => sink.next(response))),
    ),
    store: new Store(
      new RecordSource({
        'client:root': { __id: 'client:root', __typename: '__Root', folders: { __refs: ['f1'] }, rootSubscriptions: { __refs: ['s3'] } },
        f1: { __id: 'f1', __typename: 'Folder', unreadCount: 7, subscriptions: { __refs: ['s1', 's2'] } },
        s1: { __id: 's1', __typename: 'FeedSubscription', unreadCount: 5, feed: { __ref: 'A' } },
        s2: { __id: 's2', __typename: 'FeedSubscription', unreadCount: 2, feed: { __ref: 'B' } },
        s3: { __id: 's3', __typename: 'FeedSubscription', unreadCount: 4, feed: { __ref: 'C' } },
        ...Object.fromEntries(['A', 'B', 'C', 'D'].map((id) => [id, { __id: id, __typename: 'Feed' }])),
        a1: { __id: 'a1', __typename: 'Article', isRead: false, feed: { __ref: 'A' } },
        a2: { __id: 'a2', __typename: 'Article', isRead: true, feed: { __ref: 'A' } },
        a3: { __id: 'a3', __typename: 'Article', isRead: false, feed: { __ref: 'C' } },
        a4: { __id: 'a4', __typename: 'Article', isRead: false, feed: { __ref: 'D' } },
      }),
    ),
  });
  const counts = () =>
    Object.fromEntries(['s1', 's2', 's3', 'f1'].map((id) => [id, environment.getStore().getSource().get(id)?.unreadCount]));
  return { environment, counts, push: (response: GraphQLResponse) => push(response) };
}

describe('unread counts in the store', () => {
  it('moves the feed’s and its folder’s counts by one on a read or an unread, and back on failure', () => {
    const { environment, counts } = sidebar();
    const undo = countArticleRead(environment, 'a1', true);
    expect(counts()).toEqual({ s1: 4, s2: 2, s3: 4, f1: 6 });
    undo();
    expect(counts()).toEqual({ s1: 5, s2: 2, s3: 4, f1: 7 });
    countArticleRead(environment, 'a2', false);
    expect(counts()).toEqual({ s1: 6, s2: 2, s3: 4, f1: 8 });
    // A feed at the root has no folder to move.
    countArticleRead(environment, 'a3', true);
    expect(counts()).toEqual({ s1: 6, s2: 2, s3: 3, f1: 8 });
  });

  it('moves nothing for an article already in that state, or of a feed the sidebar does not show', () => {
    const { environment, counts } = sidebar();
    countArticleRead(environment, 'a2', true);
    countArticleRead(environment, 'a1', false);
    countArticleRead(environment, 'a4', true);
    countArticleRead(environment, 'unknown', true);
    expect(counts()).toEqual({ s1: 5, s2: 2, s3: 4, f1: 7 });
  });

  it('takes back exactly what it moved when a count was already 0', () => {
    const { environment, counts } = sidebar();
    countAllRead(environment, { feedId: 'A', folderId: null });
    const undo = countArticleRead(environment, 'a1', true);
    expect(counts()).toEqual({ s1: 0, s2: 2, s3: 4, f1: 2 });
    undo();
    expect(counts()).toEqual({ s1: 0, s2: 2, s3: 4, f1: 2 });
  });

  it('empties a feed (its folder keeping the others’), a folder, or everything on Mark All as Read, and restores it on failure', () => {
    const { environment, counts } = sidebar();
    const undoFeed = countAllRead(environment, { feedId: 'A', folderId: null });
    expect(counts()).toEqual({ s1: 0, s2: 2, s3: 4, f1: 2 });
    undoFeed();
    expect(counts()).toEqual({ s1: 5, s2: 2, s3: 4, f1: 7 });
    const undoFolder = countAllRead(environment, { feedId: null, folderId: 'f1' });
    expect(counts()).toEqual({ s1: 0, s2: 0, s3: 4, f1: 0 });
    undoFolder();
    const undoAll = countAllRead(environment, { feedId: null, folderId: null });
    expect(counts()).toEqual({ s1: 0, s2: 0, s3: 0, f1: 0 });
    undoAll();
    expect(counts()).toEqual({ s1: 5, s2: 2, s3: 4, f1: 7 });
  });

  it('sets the counts an unreadCountsChanged event carries over the tab’s own guess, and leaves the others as they are', () => {
    const { environment, counts, push } = sidebar();
    requestSubscription<useUnreadCountsSubscription>(environment, {
      subscription: countsSubscription,
      variables: {},
      updater: (store, data) => setChangedCounts(store, data?.unreadCountsChanged),
    });
    countArticleRead(environment, 'a1', true);
    expect(counts()).toEqual({ s1: 4, s2: 2, s3: 4, f1: 6 });
    // Another tab read one more meanwhile: the server's word is the count.
    push({
      data: {
        unreadCountsChanged: {
          subscriptions: [
            { subscriptionId: 's1', unreadCount: 3 },
            { subscriptionId: 'not-loaded', unreadCount: 9 },
          ],
          folders: [{ folderId: 'f1', unreadCount: 5 }],
        },
      },
    });
    expect(counts()).toEqual({ s1: 3, s2: 2, s3: 4, f1: 5 });
    expect(environment.getStore().getSource().get('not-loaded')).toBeUndefined();
  });
});
