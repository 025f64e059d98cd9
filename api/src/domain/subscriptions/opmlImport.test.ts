import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../../test/feedServer.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { bulkSubscribeProgress, runBulkSubscribeJob } from './bulkSubscribe.ts';
import { importOpml } from './opml.ts';
import { subscribe } from './subscribe.ts';

type Outline = string | { folder: string; urls: string[] };

/** An OPML file of these outlines: an address at the top level, or a folder of addresses. */
function opml(outlines: Outline[]) {
  const feed = (url: string) => `<outline type="rss" text="${url}" xmlUrl="${url}"/>`;
  const body = outlines
    .map((outline) =>
      typeof outline === 'string' ? feed(outline) : `<outline text="${outline.folder}">${outline.urls.map(feed).join('')}</outline>`,
    )
    .join('');
  return { filename: 'feeds.opml', content: Buffer.from(`<?xml version="1.0"?><opml version="2.0"><head/><body>${body}</body></opml>`) };
}

describe('OPML import', async () => {
  const feeds = await startFeedServer();
  const services = await createTestServices({ MAX_SUBSCRIPTIONS_PER_USER: '12', FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const feedsAt = (from: number, count: number) => Array.from({ length: count }, (_, i) => feeds.url(`/feed?n=${from + i}`));

  /** A signed-up user as the domain sees the one acting. */
  async function newViewer() {
    const { user } = await signUp(services);
    return { id: user.id, username: user.username, role: user.role, credential: { kind: 'session' as const, id: 'test-session' } };
  }

  /** How many of the user's subscriptions each folder holds (null: the top level). */
  async function placement(userId: string) {
    const subscriptions = await services.db.subscription.findMany({ where: { userId }, include: { folder: true } });
    const counts: Record<string, number> = {};
    for (const { folder } of subscriptions) counts[folder?.name ?? 'top'] = (counts[folder?.name ?? 'top'] ?? 0) + 1;
    return counts;
  }

  it('imports a small file before answering: folders kept, a known feed not fetched again, followed and failing ones counted', async () => {
    const [known, fresh, followed] = [feeds.url('/feed?n=known'), feeds.url('/feed?n=fresh'), feeds.url('/feed?n=followed')];
    await subscribe(services, await newViewer(), { url: known });
    const ada = await newViewer();
    await subscribe(services, ada, { url: followed });

    const answer = await importOpml(services, ada, opml([{ folder: 'Tech', urls: [known, fresh] }, followed, feeds.url('/status/500')]));

    expect(answer).toEqual({
      kind: 'done',
      summary: {
        subscribed: 2,
        skipped: 1,
        errors: 1,
        failures: [{ url: feeds.url('/status/500'), error: 'The feed answered 500 Internal Server Error' }],
      },
    });
    expect(feeds.requestsTo('/feed?n=known')).toHaveLength(1);
    expect(await placement(ada.id)).toEqual({ Tech: 2, top: 1 });
  });

  it('runs a larger file as a job, fetching through the bulk path, each feed in its folder', async () => {
    const bob = await newViewer();
    const answer = await importOpml(services, bob, opml([{ folder: 'News', urls: feedsAt(100, 6) }, ...feedsAt(200, 6)]));
    if (answer.kind !== 'queued') throw new Error(`expected a job, got ${JSON.stringify(answer)}`);
    expect(answer.total).toBe(12);
    expect(await bulkSubscribeProgress(services, bob, answer.jobId)).toMatchObject({ done: false, total: 12, subscribed: 0 });

    await runBulkSubscribeJob(services, answer.jobId);

    expect(await bulkSubscribeProgress(services, bob, answer.jobId)).toMatchObject({ done: true, total: 12, subscribed: 12, errors: 0 });
    expect(await placement(bob.id)).toEqual({ News: 6, top: 6 });
    expect(feeds.requestsTo('/feed?n=100')).toHaveLength(1);
  });

  it('refuses a file that would go over the subscription cap, and changes nothing', async () => {
    const carol = await newViewer();
    await expect(importOpml(services, carol, opml([{ folder: 'Many', urls: feedsAt(300, 13) }]))).rejects.toThrow(
      'This import would bring you to 13 feeds; you can follow at most 12',
    );
    expect(await services.db.folder.count({ where: { userId: carol.id } })).toBe(0);
    expect(await services.db.bulkSubscribeJob.count({ where: { userId: carol.id } })).toBe(0);
    expect(feeds.requestsTo('/feed?n=300')).toHaveLength(0);
  });

  it('refuses to subscribe beyond the cap with a clear message, before fetching anything', async () => {
    const dave = await newViewer();
    const held = await Promise.all(
      feedsAt(400, 12).map((url) => services.db.feed.create({ data: { url, title: url }, select: { id: true } })),
    );
    await services.db.subscription.createMany({ data: held.map(({ id }) => ({ userId: dave.id, feedId: id })) });
    // A stored feed (no fetch) and a new address (which would be fetched) are refused alike.
    for (const url of [feeds.url('/feed?n=known'), 'https://unfetchable.invalid/feed.xml']) {
      await expect(subscribe(services, dave, { url })).rejects.toThrow('You can follow at most 12 feeds; unsubscribe from some first');
    }
    expect(await services.db.subscription.count({ where: { userId: dave.id } })).toBe(12);
  });
});
