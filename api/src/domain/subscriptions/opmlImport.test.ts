import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../../test/feedServer.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { InvalidInputError, NotFoundError } from '../core/errors.ts';
import { bulkSubscribe, bulkSubscribeProgress, runBulkSubscribeJob } from './bulkSubscribe.ts';
import { dismissOpmlImport, importOpml, opmlImportReport } from './opml.ts';
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

  it('refuses a file name with a control character (a NUL among them) and records nothing', async () => {
    const ada = await newViewer();
    for (const filename of ['feeds\u0000.opml', 'fe\neds.opml']) {
      await expect(importOpml(services, ada, { ...opml([feedsAt(900, 1)[0]!]), filename })).rejects.toThrow(InvalidInputError);
    }
    expect(await services.db.bulkSubscribeJob.count({ where: { userId: ada.id } })).toBe(0);
    expect(await services.db.subscription.count({ where: { userId: ada.id } })).toBe(0);
  });

  it('imports a small file before answering: folders kept, a known feed not fetched again, followed and failing ones counted', async () => {
    const [known, fresh, followed] = [feeds.url('/feed?n=known'), feeds.url('/feed?n=fresh'), feeds.url('/feed?n=followed')];
    await subscribe(services, await newViewer(), { url: known });
    const ada = await newViewer();
    await subscribe(services, ada, { url: followed });

    const answer = await importOpml(services, ada, opml([{ folder: 'Tech', urls: [known, fresh] }, followed, feeds.url('/status/500')]));

    expect(answer).toMatchObject({
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

  it('keeps a feed listed in two categories in the first, in a job too, and reports the second as skipped naming that folder', async () => {
    const [shared, ...others] = feedsAt(700, 11);
    const gus = await newViewer();
    const answer = await importOpml(
      services,
      gus,
      opml([
        { folder: 'Friends', urls: [shared!, ...others.slice(0, 5)] },
        { folder: 'Work', urls: [...others.slice(5), shared!] },
      ]),
    );
    if (answer.kind !== 'queued') throw new Error(`expected a job, got ${JSON.stringify(answer)}`);
    expect(answer.total).toBe(12);

    await runBulkSubscribeJob(services, answer.jobId);

    const report = await opmlImportReport(services, gus);
    expect(report).toMatchObject({ done: true, subscribed: 11, skipped: 1, errors: 0 });
    expect(report!.feeds.filter(({ outcome }) => outcome === 'skipped')).toEqual([
      { url: shared, outcome: 'skipped', reason: 'Listed more than once: kept in the folder "Friends"' },
    ]);
    expect(await placement(gus.id)).toEqual({ Friends: 6, Work: 5 });
  });

  it('reports every feed as added, skipped or failed, with the reasons, and makes no folder none of whose feeds was added', async () => {
    const [fresh, followed, broken] = [feeds.url('/feed?n=report-fresh'), feeds.url('/feed?n=report-followed'), feeds.url('/status/500')];
    const erin = await newViewer();
    await subscribe(services, erin, { url: followed });
    await services.db.folder.create({ data: { userId: erin.id, name: 'Kept' } });

    const answer = await importOpml(
      services,
      erin,
      opml([
        { folder: 'Dead', urls: [broken] },
        { folder: 'Followed', urls: [followed] },
        { folder: 'Kept', urls: [feeds.url('/status/404')] },
        { folder: 'Fresh', urls: [fresh] },
      ]),
    );

    const expected = [
      { url: broken, outcome: 'failed', reason: 'The feed answered 500 Internal Server Error' },
      { url: followed, outcome: 'skipped', reason: 'Already subscribed to this feed' },
      { url: feeds.url('/status/404'), outcome: 'failed', reason: 'The feed answered 404 Not Found' },
      { url: fresh, outcome: 'added', reason: null },
    ];
    expect(answer).toMatchObject({ kind: 'done', summary: { subscribed: 1, skipped: 1, errors: 2, feeds: expected } });
    // Only the folder a feed went into is made; one the user had stays, empty as it was.
    expect((await services.db.folder.findMany({ where: { userId: erin.id }, orderBy: { name: 'asc' } })).map((f) => f.name)).toEqual([
      'Fresh',
      'Kept',
    ]);
    expect(await placement(erin.id)).toEqual({ Fresh: 1, top: 1 });

    // The report lasts: the same, read again later, until it is dismissed.
    const report = await opmlImportReport(services, erin);
    expect(report).toMatchObject({ filename: 'feeds.opml', done: true, total: 4, subscribed: 1, skipped: 1, errors: 2, feeds: expected });
    expect(report!.id).toBe(answer.report!.id);
    await dismissOpmlImport(services, erin, report!.id);
    expect(await opmlImportReport(services, erin)).toBeNull();
    await dismissOpmlImport(services, erin, report!.id); // twice is no error
  });

  it('makes a folder of a job only when one of its feeds is added, and keeps the job as the report', async () => {
    const fay = await newViewer();
    const answer = await importOpml(
      services,
      fay,
      opml([
        { folder: 'Broken', urls: Array.from({ length: 3 }, (_, i) => feeds.url(`/status/500?n=${i}`)) },
        { folder: 'Good', urls: feedsAt(500, 8) },
      ]),
    );
    if (answer.kind !== 'queued') throw new Error(`expected a job, got ${JSON.stringify(answer)}`);
    expect(await opmlImportReport(services, fay)).toMatchObject({ id: answer.jobId, done: false, total: 11, feeds: [] });
    await expect(dismissOpmlImport(services, fay, answer.jobId)).rejects.toThrow(
      'The import is still running; its report can be dismissed once it is done',
    );

    await runBulkSubscribeJob(services, answer.jobId);

    const report = await opmlImportReport(services, fay);
    expect(report).toMatchObject({ done: true, subscribed: 8, errors: 3, filename: 'feeds.opml' });
    expect(report!.feeds.map(({ outcome }) => outcome)).toEqual([...Array(3).fill('failed'), ...Array(8).fill('added')]);
    expect(report!.feeds[0]).toEqual({
      url: feeds.url('/status/500?n=0'),
      outcome: 'failed',
      reason: 'The feed answered 500 Internal Server Error',
    });
    expect(await placement(fay.id)).toEqual({ Good: 8 });
    expect(await services.db.folder.count({ where: { userId: fay.id, name: 'Broken' } })).toBe(0);
  });

  it("keeps each user's report to themselves: another cannot read or dismiss it, and Discover's leave none", async () => {
    const [gus, hal] = [await newViewer(), await newViewer()];
    const answer = await importOpml(services, gus, opml([feeds.url('/feed?n=private-report')]));
    const reportId = answer.report!.id;
    expect(await opmlImportReport(services, hal)).toBeNull();
    await expect(bulkSubscribeProgress(services, hal, reportId)).rejects.toThrow('Bulk subscribe job not found');
    await expect(dismissOpmlImport(services, hal, reportId)).rejects.toThrow(NotFoundError);
    await expect(dismissOpmlImport(services, hal, 'not-an-id')).rejects.toThrow(NotFoundError);
    expect(await opmlImportReport(services, gus)).toMatchObject({ id: reportId, subscribed: 1 });

    // A bulk subscribe from Discover is no import: it neither shows in Settings nor hides the import's report.
    const discover = await bulkSubscribe(services, gus, { feedUrls: [feeds.url('/feed?n=discover-report')] });
    expect(discover).toMatchObject({ kind: 'done', report: null });
    expect(await opmlImportReport(services, gus)).toMatchObject({ id: reportId });
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
