import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakePostmark } from '../../test/fakePostmark.ts';
import { FIXTURE_FEED, startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { waitFor } from '../../test/socialFixtures.ts';
import { startWorker } from './worker.ts';
import { afterCaller } from '../../test/cleanup.ts';

/**
 * A publisher on its own loopback address (so its fetch slots are its own) that answers every path with a feed
 * after `delayMs`, or at once with 404 when `delayMs` is null (to let a test's bulk job finish quickly).
 */
async function startSlowOrigin(delayMs: number) {
  const state = { delayMs: delayMs as number | null };
  const server = http.createServer((request, response) => {
    if (state.delayMs === null) return void response.writeHead(404).end();
    const feed = FIXTURE_FEED.replace('<title>Fixture feed</title>', `<title>Slow ${request.url}</title>`);
    setTimeout(() => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed), state.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  afterCaller(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const origin = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  return { state, addresses: (count: number, prefix: string) => Array.from({ length: count }, (_u, i) => `${origin}/${prefix}/${i}`) };
}

const IMPORT_RUNNING = /^An import is already running \(\d+ of 200 feeds done\)\. Please wait until it finishes before starting another\.$/;

describe('jobs are fair between users', async () => {
  const postmark = await startFakePostmark();
  const feeds = await startFeedServer();
  // One slot for account work: before bulk work had a runner of its own, one bulk job was enough to take it.
  const { services, rest, graphql } = await startTestServer({
    FEED_ALLOW_PRIVATE_HOSTS: 'true',
    WORKER_CONCURRENCY: '1',
    POSTMARK_SERVER_TOKEN: 'server-token',
    EMAIL_FROM: 'tidings@example.org',
    POSTMARK_API_URL: postmark.url,
  });
  const slow = await startSlowOrigin(2000);

  const progress = async (jobId: string, token: string) => (await rest('GET', `/discover/bulk-subscribe/${jobId}`, { token })).body;
  /** Lets the remaining addresses fail at once, waits for the job to end, then stops the worker. */
  async function finish(runner: { stop: () => Promise<void> }, jobId: string, token: string) {
    slow.state.delayMs = null;
    await waitFor(async () => (await progress(jobId, token)).done, 30_000);
    await runner.stop();
  }

  describe("while one user's bulk subscribe of 200 addresses on a host that answers in 2 s runs", async () => {
    const ada = await signUp(services);
    const bob = await signUp(services);
    const runner = await startWorker(services, services.databaseUrl);
    const queued = await rest('POST', '/discover/bulk-subscribe', { token: ada.token, body: { feedUrls: slow.addresses(200, 'ada') } });
    const jobId = queued.body.jobId as string;
    afterAll(() => finish(runner, jobId, ada.token));

    it("another user's password reset arrives within 10 s and a refresh of their feed completes", async () => {
      expect(queued.status).toBe(202);
      expect(await waitFor(async () => (await progress(jobId, ada.token)).subscribed > 0, 15_000)).toBe(true);
      const feed = await services.db.feed.create({ data: { url: feeds.url('/feed'), nextFetchAt: new Date(Date.now() + 3_600_000) } });
      await services.db.subscription.create({ data: { userId: bob.user.id, feedId: feed.id } });

      const asked = Date.now();
      expect((await rest('POST', '/auth/forgot-password', { body: { email: bob.user.email } })).status).toBe(200);
      await services.jobs.add(services.db, 'refresh_feed', { feedId: feed.id }, { jobKey: `refresh_feed:${feed.id}` });
      const emailed = await waitFor(() => postmark.received.some((email) => email.body.To === bob.user.email), 10_000);
      const resetSeconds = (Date.now() - asked) / 1000;
      const refreshed = await waitFor(async () => (await services.db.article.count({ where: { feedId: feed.id } })) === 1, 10_000);
      const refreshSeconds = (Date.now() - asked) / 1000;
      console.log(
        `beside a running 200-address bulk subscribe: reset e-mail after ${resetSeconds.toFixed(2)} s, refresh ${refreshSeconds.toFixed(2)} s`,
      );

      expect(emailed).toBe(true);
      expect(postmark.received.find((email) => email.body.To === bob.user.email)!.body.TextBody).toContain('/reset-password#token=');
      expect(refreshed).toBe(true);
      expect(await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ fetchError: null });
      expect(await progress(jobId, ada.token)).toMatchObject({ done: false }); // it was running all along
    });

    it('a second bulk subscribe or OPML import by the same user answers 409 and creates nothing', async () => {
      const folders = await services.db.folder.count({ where: { userId: ada.user.id } });
      const again = await rest('POST', '/discover/bulk-subscribe', { token: ada.token, body: { feedUrls: slow.addresses(50, 'again') } });
      expect(again).toMatchObject({ status: 409, body: { error: expect.stringMatching(IMPORT_RUNNING) } });
      const small = await rest('POST', '/discover/bulk-subscribe', { token: ada.token, body: { feedUrls: [feeds.url('/feed.json')] } });
      expect(small).toMatchObject({ status: 409, body: { error: expect.stringMatching(IMPORT_RUNNING) } });

      const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Mine</title></head><body><outline text="News">${slow
        .addresses(20, 'opml')
        .map((url) => `<outline type="rss" text="feed" xmlUrl="${url}"/>`)
        .join('')}</outline></body></opml>`;
      const imported = await graphql(
        `
          mutation ($text: String!) {
            importOpml(filename: "feeds.opml", text: $text) {
              __typename
              ... on Error {
                message
              }
            }
          }
        `,
        { text: opml },
        ada.token,
      );
      expect(imported.body.data.importOpml).toEqual({ __typename: 'ConflictError', message: expect.stringMatching(IMPORT_RUNNING) });
      const bulk = await graphql(
        `
          mutation ($urls: [String!]!) {
            bulkSubscribe(feedUrls: $urls) {
              __typename
              ... on Error {
                message
              }
            }
          }
        `,
        { urls: slow.addresses(30, 'graphql') },
        ada.token,
      );
      expect(bulk.body.data.bulkSubscribe).toMatchObject({ __typename: 'ConflictError' });

      expect(await services.db.bulkSubscribeJob.count({ where: { userId: ada.user.id } })).toBe(1);
      expect(await services.db.folder.count({ where: { userId: ada.user.id } })).toBe(folders);
      expect(await services.db.subscription.count({ where: { userId: ada.user.id, feed: { url: feeds.url('/feed.json') } } })).toBe(0);
      // Someone else is not held up by ada's import.
      const other = await rest('POST', '/discover/bulk-subscribe', { token: bob.token, body: { feedUrls: [feeds.url('/feed.json')] } });
      expect(other).toMatchObject({ status: 200, body: { subscribed: 1 } });
    });
  });

  describe('a bulk subscribe that outlives its budget', async () => {
    const carol = await signUp(services);

    it('stops with "Stopped after …" on its progress, starts no further address, and lets its owner start another', async () => {
      slow.state.delayMs = 1000;
      const runner = await startWorker(services, services.databaseUrl, { budgetsMs: { bulk_subscribe: 3000 } });
      const queued = await rest('POST', '/discover/bulk-subscribe', {
        token: carol.token,
        body: { feedUrls: slow.addresses(200, 'carol') },
      });
      const jobId = queued.body.jobId as string;
      try {
        expect(await waitFor(async () => (await progress(jobId, carol.token)).done, 15_000)).toBe(true);
        const stopped = await progress(jobId, carol.token);
        expect(stopped).toMatchObject({ done: true, total: 200 });
        const handled = stopped.subscribed + stopped.skipped + stopped.errors;
        expect(handled).toBeLessThan(200);
        expect(stopped.error).toBe(
          `Stopped after 3 seconds: ${handled} of 200 feeds were handled; start it again to add the other ${200 - handled} (feeds you already follow are skipped).`,
        );

        // The fetches under way when it stopped may still end; nothing after them starts.
        const subscriptions = () => services.db.subscription.count({ where: { userId: carol.user.id } });
        const atStop = await subscriptions();
        await new Promise((resolve) => setTimeout(resolve, 3000));
        expect(await subscriptions()).toBeLessThanOrEqual(atStop + 2);
        expect(await progress(jobId, carol.token)).toEqual(stopped);

        const another = await rest('POST', '/discover/bulk-subscribe', { token: carol.token, body: { feedUrls: [feeds.url('/feed')] } });
        expect(another).toMatchObject({ status: 200, body: { subscribed: 1 } });
      } finally {
        await finish(runner, jobId, carol.token);
      }
    }, 40_000);
  });
});
