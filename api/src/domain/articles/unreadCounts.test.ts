import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish, timeline, type Reader } from '../../../test/articleFixtures.ts';
import { startCountingServer, withoutSessionLookup } from '../../../test/statementLog.ts';
import { unsubscribe } from '../subscriptions/subscriptions.ts';
import { markAllArticlesRead, markArticleRead, markArticleUnread } from './articleState.ts';
import { unreadCountsByFeed, unreadCountsByFolder } from './unreadCounts.ts';

// Unread counts per feed and folder: right after every change of the reading list, never counting another user's
// rows, and the same few statements however many subscriptions and folders the sidebar shows.

const server = await startCountingServer();
const { services, log } = server;
const T0 = new Date('2025-09-01T06:00:00.000Z');
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

async function reader(feedCount: number, folderCount: number) {
  const user = await newReader(services);
  const folders = await Promise.all(Array.from({ length: folderCount }, () => newFolder(services, user.id)));
  const feeds = [];
  for (let i = 0; i < feedCount; i += 1) {
    const feed = await newFeed(services);
    await publish(services, feed.id, timeline(3 + i, { newest: T0, prefix: `F${i}` }));
    await follow(services, user.id, feed.id, { folderId: folders[i % (folderCount + 1)]?.id ?? null });
    feeds.push(feed);
  }
  return { user, feeds, folders };
}

const counts = async (user: Reader, feedIds: string[]) => Object.fromEntries(await unreadCountsByFeed(services, user.viewer, feedIds));

describe('unread counts', () => {
  it('follow reading, unreading, mark-all-read, new articles and unsubscribing; another user’s rows never count', async () => {
    const ada = await newReader(services);
    const bob = await newReader(services);
    const folder = await newFolder(services, ada.id);
    const [a, b] = [await newFeed(services), await newFeed(services)];
    const [first, ...rest] = await publish(services, a.id, timeline(5, { newest: T0 }));
    await publish(services, b.id, timeline(2, { newest: T0 }));
    const adaA = await follow(services, ada.id, a.id, { folderId: folder.id });
    await follow(services, ada.id, b.id, { folderId: folder.id });
    await follow(services, bob.id, a.id);
    expect(await counts(ada, [a.id, b.id])).toEqual({ [a.id]: 5, [b.id]: 2 });
    expect(Object.fromEntries(await unreadCountsByFolder(services, ada.viewer, [folder.id]))).toEqual({ [folder.id]: 7 });

    await markArticleRead(services, ada.viewer, first!.id);
    expect(await counts(ada, [a.id])).toEqual({ [a.id]: 4 });
    expect(await counts(bob, [a.id])).toEqual({ [a.id]: 5 });
    await markArticleUnread(services, ada.viewer, first!.id);
    expect(await counts(ada, [a.id])).toEqual({ [a.id]: 5 });

    await markAllArticlesRead(services, ada.viewer, { feedId: a.id, beforeDate: rest[0]!.publishedAt });
    expect(await counts(ada, [a.id])).toEqual({ [a.id]: 1 });
    await markAllArticlesRead(services, ada.viewer, { feedId: a.id });
    expect(await counts(ada, [a.id])).toEqual({ [a.id]: 0 });
    await publish(services, a.id, timeline(3, { newest: new Date(T0.getTime() + 3_600_000), prefix: 'New' }));
    expect(await counts(ada, [a.id])).toEqual({ [a.id]: 3 });
    expect(await counts(bob, [a.id])).toEqual({ [a.id]: 8 });
    await markAllArticlesRead(services, ada.viewer, { folderId: folder.id });
    expect(Object.fromEntries(await unreadCountsByFolder(services, ada.viewer, [folder.id]))).toEqual({ [folder.id]: 0 });

    await markArticleUnread(services, ada.viewer, first!.id);
    await unsubscribe(services, ada.viewer, adaA.id);
    expect(await counts(ada, [a.id])).toEqual({ [a.id]: 0 });
    // Another user's folder has nothing of the viewer's.
    expect(Object.fromEntries(await unreadCountsByFolder(services, bob.viewer, [folder.id]))).toEqual({ [folder.id]: 0 });
  });

  it('keeps the counter rows equal to the unread rows, through concurrent changes and deletes that cascade', async () => {
    const readers = await Promise.all(Array.from({ length: 3 }, () => newReader(services)));
    const feeds = await Promise.all(Array.from({ length: 3 }, () => newFeed(services)));
    for (const user of readers) for (const feed of feeds) await follow(services, user.id, feed.id);
    const published = await Promise.all(feeds.map((feed, i) => publish(services, feed.id, timeline(20, { newest: T0, prefix: `C${i}` }))));
    await Promise.all([
      ...readers.map((user) => markAllArticlesRead(services, user.viewer, { feedId: feeds[0]!.id })),
      ...published[1]!.slice(0, 10).map((article) => markArticleRead(services, readers[1]!.viewer, article.id)),
      publish(services, feeds[2]!.id, timeline(7, { newest: new Date(T0.getTime() + 3_600_000), prefix: 'Late' })),
    ]);
    // Deleting articles (as deleting a feed does) deletes their unread rows by cascade.
    await services.db.article.deleteMany({ where: { id: { in: published[2]!.slice(0, 5).map((article) => article.id) } } });
    const userIds = readers.map((user) => user.id);
    const actual = await services.db.$queryRaw<{ userId: string; feedId: string; count: number }[]>`
      SELECT "userId"::text, "feedId"::text, count(*)::int AS count FROM "UnreadArticle"
      WHERE "userId" = ANY(${userIds}::uuid[]) GROUP BY 1, 2 ORDER BY 1, 2`;
    const kept = await services.db.feedUnreadCount.findMany({
      where: { userId: { in: userIds }, count: { gt: 0 } },
      orderBy: [{ userId: 'asc' }, { feedId: 'asc' }],
    });
    expect(kept).toEqual(actual);
    expect(actual.find((row) => row.userId === readers[1]!.id && row.feedId === feeds[1]!.id)?.count).toBe(10);
    expect(actual.find((row) => row.userId === readers[0]!.id && row.feedId === feeds[2]!.id)?.count).toBe(22);
  });

  it('GET /feeds and GET /folders answer each subscription’s and folder’s count', async () => {
    const { user, feeds, folders } = await reader(3, 1);
    const listed = (await server.rest('GET', '/feeds', { token: user.token })).body.feeds;
    expect(listed.map((s: { feed: { id: string }; unreadCount: number }) => [s.feed.id, s.unreadCount])).toEqual(
      feeds.map((feed, i) => [feed.id, 3 + i]),
    );
    expect(listed[0]).toMatchObject({ lastError: null, lastSuccessAt: null });
    const tree = (await server.rest('GET', '/folders', { token: user.token })).body;
    // Feeds 0 and 2 are in the folder, feed 1 at the root.
    expect(tree.folders).toEqual([expect.objectContaining({ id: folders[0]!.id, unreadCount: 3 + 5 })]);
    expect(tree.folders[0].subscriptions.map((s: { unreadCount: number }) => s.unreadCount)).toEqual([3, 5]);
    expect(tree.rootFeeds).toEqual([expect.objectContaining({ unreadCount: 4 })]);
  });

  it('GraphQL answers FeedSubscription.unreadCount and Folder.unreadCount', async () => {
    const { user, folders } = await reader(3, 1);
    const { body } = await server.graphql(
      '{ folders { id unreadCount subscriptions { unreadCount } } rootSubscriptions { unreadCount feed { lastSuccessAt fetchError } } }',
      {},
      user.token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.folders).toEqual([
      { id: gid('Folder', folders[0]!.id), unreadCount: 8, subscriptions: [{ unreadCount: 3 }, { unreadCount: 5 }] },
    ]);
    expect(body.data.rootSubscriptions).toEqual([{ unreadCount: 4, feed: { lastSuccessAt: null, fetchError: null } }]);
  });

  describe('statements: the same whatever the number of subscriptions and folders (no N+1)', () => {
    const sidebar = `{
      folders { id name unreadCount subscriptionCount subscriptions { id title unreadCount feed { id fetchError lastSuccessAt } } }
      rootSubscriptions { id title unreadCount feed { id fetchError lastSuccessAt } }
    }`;

    async function costs(user: Reader) {
      const graphql = await log.during(() => server.graphql(sidebar, {}, user.token));
      expect(graphql.result.body.errors).toBeUndefined();
      const feeds = await log.during(() => server.rest('GET', '/feeds', { token: user.token }));
      const folders = await log.during(() => server.rest('GET', '/folders', { token: user.token }));
      return [graphql, feeds, folders].map(({ statements }) => withoutSessionLookup(statements));
    }

    it('GraphQL sidebar, GET /feeds and GET /folders', async () => {
      const small = await costs((await reader(2, 1)).user);
      const large = await costs((await reader(12, 4)).user);
      expect(large.map((sent) => sent.length)).toEqual(small.map((sent) => sent.length));
      // One statement for the feeds' counts and one for the folders'.
      const counting = large.map((sent) => sent.filter((sql) => /FROM "FeedUnreadCount"|JOIN "FeedUnreadCount"/.test(sql)).length);
      expect(counting).toEqual([2, 1, 1]);
    });
  });
});
