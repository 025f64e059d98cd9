import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { refusal } from '../../../test/socialFixtures.ts';
import { signUp } from '../../../test/server.ts';
import { viewerFromBearerToken } from '../accounts/credentials.ts';
import { webPagesFeedId } from '../social/webPagesFeed.ts';
import { deleteFeed, listFeedsForAdmin, refreshFeedAsAdmin, removeDeletedFeed } from './feeds.ts';

const services = await createTestServices();
const { token } = await signUp(services, { admin: true });
const admin = (await viewerFromBearerToken(services, token))!;

function queuedJobs(task: string) {
  return services.db.$queryRaw<{ key: string; payload: unknown }[]>`
    SELECT j.key, j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = ${task} ORDER BY j.key`;
}

describe('listFeedsForAdmin', () => {
  it('lists fetched feeds by title with their counts, filtered by health, in numbered pages', async () => {
    const healthy = await newFeed(services, { title: 'Alpha healthy' });
    const broken = await newFeed(services, { title: 'beta broken' });
    await services.db.feed.update({ where: { id: broken.id }, data: { fetchError: 'HTTP 500' } });
    const reader = await newReader(services);
    await follow(services, reader.id, healthy.id);
    await publish(services, healthy.id, [{ publishedAt: new Date() }, { publishedAt: new Date(Date.now() - 1000) }]);
    await webPagesFeedId(services.db);

    const all = await listFeedsForAdmin(services, admin, {});
    expect(all).toMatchObject({ total: 2, page: 1, limit: 50 });
    expect(all.rows).toEqual([
      {
        id: healthy.id,
        title: 'Alpha healthy',
        url: healthy.url,
        description: '',
        fetchError: null,
        lastFetchedAt: expect.any(Date),
        counts: { subscriptions: 1, articles: 2 },
      },
      expect.objectContaining({ id: broken.id, fetchError: 'HTTP 500', counts: { subscriptions: 0, articles: 0 } }),
    ]);
    expect((await listFeedsForAdmin(services, admin, { status: 'broken' })).rows.map((feed) => feed.id)).toEqual([broken.id]);
    expect((await listFeedsForAdmin(services, admin, { status: 'healthy' })).rows.map((feed) => feed.id)).toEqual([healthy.id]);
    expect((await listFeedsForAdmin(services, admin, { page: '2', limit: '1' })).rows.map((feed) => feed.id)).toEqual([broken.id]);
    expect(await refusal(listFeedsForAdmin(services, admin, { status: 'sick' }))).toEqual({
      status: 400,
      message: 'status must be all, healthy or broken',
    });
    expect(await refusal(listFeedsForAdmin(services, admin, { limit: 0 }))).toEqual({ status: 400, message: 'limit must be at least 1' });
    expect(await refusal(listFeedsForAdmin(services, null, {}))).toMatchObject({ status: 401 });
    expect(await refusal(listFeedsForAdmin(services, reader.viewer, {}))).toMatchObject({ status: 403 });
  });
});

describe('refreshFeedAsAdmin', () => {
  it('queues the feed engine’s refresh job once per feed and answers the title', async () => {
    const feed = await newFeed(services, { title: 'Refresh me' });
    expect(await refreshFeedAsAdmin(services, admin, feed.id)).toEqual({ id: feed.id, title: 'Refresh me' });
    await refreshFeedAsAdmin(services, admin, feed.id);
    expect((await queuedJobs('refresh_feed')).filter((job) => job.key === `refresh_feed:${feed.id}`)).toEqual([
      { key: `refresh_feed:${feed.id}`, payload: { feedId: feed.id } },
    ]);
    expect(await refusal(refreshFeedAsAdmin(services, admin, 'nope'))).toEqual({ status: 404, message: 'Feed not found' });
    const webPagesId = await webPagesFeedId(services.db);
    expect(await refusal(refreshFeedAsAdmin(services, admin, webPagesId))).toMatchObject({ status: 404 });
  });
});

describe('deleteFeed', () => {
  it('removes at once what people see of the feed, then its articles in the job, and leaves other feeds alone', async () => {
    const feed = await newFeed(services, { title: 'Doomed feed' });
    const kept = await newFeed(services, { title: 'Kept feed' });
    const reader = await newReader(services);
    for (const each of [feed, kept]) await follow(services, reader.id, each.id);
    const [doomedArticle] = await publish(services, feed.id, [{ publishedAt: new Date(), title: 'Goes' }]);
    const [keptArticle] = await publish(services, kept.id, [{ publishedAt: new Date(), title: 'Stays' }]);
    for (const article of [doomedArticle!, keptArticle!]) {
      const data = { userId: reader.id, articleId: article.id, feedId: article.feedId, publishedAt: article.publishedAt };
      await services.db.likedArticle.create({ data });
      await services.db.starredArticle.create({ data });
      await services.db.share.create({ data: { userId: reader.id, articleId: article.id } });
      await services.db.comment.create({ data: { userId: reader.id, articleId: article.id, content: 'Hm' } });
    }
    const counts = async (feedId: string) => ({
      subscriptions: await services.db.subscription.count({ where: { feedId } }),
      unread: await services.db.unreadArticle.count({ where: { feedId } }),
      unreadCounts: await services.db.feedUnreadCount.count({ where: { feedId, count: { gt: 0 } } }),
      likes: await services.db.likedArticle.count({ where: { article: { feedId } } }),
      stars: await services.db.starredArticle.count({ where: { article: { feedId } } }),
      shares: await services.db.share.count({ where: { article: { feedId } } }),
      comments: await services.db.comment.count({ where: { article: { feedId } } }),
    });
    const keptBefore = await counts(kept.id);

    expect(await deleteFeed(services, admin, feed.id)).toEqual({ id: feed.id, title: 'Doomed feed' });

    expect(await counts(feed.id)).toEqual({ subscriptions: 0, unread: 0, unreadCounts: 0, likes: 0, stars: 0, shares: 0, comments: 0 });
    expect(await counts(kept.id)).toEqual(keptBefore);
    expect((await listFeedsForAdmin(services, admin, {})).rows.map((row) => row.id)).not.toContain(feed.id);
    expect(await queuedJobs('delete_feed')).toEqual([{ key: `delete_feed:${feed.id}`, payload: { feedId: feed.id } }]);
    // Its address is free at once: subscribing to it again makes a new feed.
    expect(await services.db.feed.findUnique({ where: { url: feed.url } })).toBeNull();
    expect(await refusal(deleteFeed(services, admin, feed.id))).toEqual({ status: 404, message: 'Feed not found' });

    expect(await removeDeletedFeed(services, feed.id)).toBe(1);
    expect(await services.db.feed.findUnique({ where: { id: feed.id } })).toBeNull();
    expect(await services.db.article.count({ where: { feedId: feed.id } })).toBe(0);
    expect(await services.db.article.findUnique({ where: { id: keptArticle!.id } })).not.toBeNull();
    // The job run again (a retry) finds nothing left to do.
    expect(await removeDeletedFeed(services, feed.id)).toBe(0);
  });

  it('refuses anyone but a signed-in administrator and changes nothing', async () => {
    const feed = await newFeed(services);
    const reader = await newReader(services);
    expect(await refusal(deleteFeed(services, null, feed.id))).toMatchObject({ status: 401 });
    expect(await refusal(deleteFeed(services, reader.viewer, feed.id))).toMatchObject({ status: 403 });
    expect(
      await refusal(refreshFeedAsAdmin(services, { ...admin, credential: { kind: 'apiToken', id: admin.id, scope: 'full' } }, feed.id)),
    ).toMatchObject({
      status: 403,
    });
    expect(await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ kind: 'feed' });
  });
});
