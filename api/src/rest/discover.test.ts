import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FIXTURE_FEED, startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { startWorker } from '../jobs/worker.ts';
import { afterCaller } from '../../test/cleanup.ts';

describe('REST /api/discover', async () => {
  const feeds = await startFeedServer();
  const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true', WORKER_CONCURRENCY: '2' });
  const { services, rest } = server;
  const ada = await signUp(services);
  const bob = await signUp(services);

  /** A starter pack's worth of feeds: `count` feeds spread over ten publishers, each its own loopback address. */
  async function publishers(count: number): Promise<string[]> {
    const servers = await Promise.all(
      Array.from({ length: 10 }, async (_unused, index) => {
        const server = http.createServer((_request, response) =>
          response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(FIXTURE_FEED),
        );
        await new Promise<void>((resolve) => server.listen(0, `127.0.0.${index + 2}`, resolve));
        afterCaller(() => new Promise((resolve) => server.close(resolve)));
        const { address, port } = server.address() as AddressInfo;
        return `http://${address}:${port}`;
      }),
    );
    return Array.from({ length: count }, (_unused, index) => `${servers[index % servers.length]}/feed/${index}`);
  }

  async function waitForJob(jobId: string, token: string) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await rest('GET', `/discover/bulk-subscribe/${jobId}`, { token });
      if (response.body.done) return response;
      if (Date.now() > deadline) throw new Error(`job ${jobId} did not finish: ${JSON.stringify(response.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  describe('POST /discover/bulk-subscribe', () => {
    it.each([[{}], [{ feedUrls: [] }], [undefined]])('answers %j with 400 "No feeds selected"', async (body) => {
      expect(await rest('POST', '/discover/bulk-subscribe', { token: ada.token, body })).toMatchObject({
        status: 400,
        body: { error: 'No feeds selected' },
      });
    });

    it('refuses a list that is not one, and anonymous callers', async () => {
      expect(await rest('POST', '/discover/bulk-subscribe', { token: ada.token, body: { feedUrls: 'x' } })).toMatchObject({
        status: 400,
        body: { error: 'feedUrls must be a list of feed URLs' },
      });
      expect((await rest('POST', '/discover/bulk-subscribe', { body: { feedUrls: [feeds.url('/feed')] } })).status).toBe(401);
    });

    it('subscribes in one request, counting bad URLs, duplicates, a slow feed and a failing one', async () => {
      const started = Date.now();
      const response = await rest('POST', '/discover/bulk-subscribe', {
        token: ada.token,
        body: {
          feedUrls: [
            feeds.url('/feed'),
            feeds.url('/feed'), // named twice
            feeds.url('/slow-feed?ms=1500'),
            feeds.url('/status/500'),
            'ftp://example.org/feed',
            42,
          ],
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ subscribed: 2, skipped: 1, errors: 3 });
      // In the order given, each with what became of it.
      expect(response.body.failures).toEqual([
        { url: feeds.url('/status/500'), error: expect.stringMatching(/500/) },
        { url: 'ftp://example.org/feed', error: 'Please enter a valid http(s) URL' },
        { url: '42', error: 'URL must be text' },
      ]);
      expect(response.body.feeds.map(({ outcome, reason }: { outcome: string; reason: string | null }) => [outcome, reason])).toEqual([
        ['added', null],
        ['skipped', 'Listed more than once'],
        ['added', null],
        ['failed', expect.stringMatching(/500/)],
        ['failed', 'Please enter a valid http(s) URL'],
        ['failed', 'URL must be text'],
      ]);
      // The slow feed did not hold up the rest for longer than itself.
      expect(Date.now() - started).toBeLessThan(10_000);
      const subscribed = await services.db.subscription.findMany({ where: { userId: ada.user.id }, include: { feed: true } });
      expect(subscribed.map((subscription) => subscription.feed.url).sort()).toEqual([feeds.url('/feed'), feeds.url('/slow-feed?ms=1500')]);
      expect(await services.db.feed.count({ where: { url: feeds.url('/status/500') } })).toBe(0);
    });

    it('skips feeds already followed and subscribes to a known feed without fetching it', async () => {
      const fetchesBefore = feeds.requestsTo('/feed').length;
      expect(await rest('POST', '/discover/bulk-subscribe', { token: ada.token, body: { feedUrls: [feeds.url('/feed')] } })).toMatchObject({
        status: 200,
        body: { subscribed: 0, skipped: 1, errors: 0, failures: [] },
      });
      expect(await rest('POST', '/discover/bulk-subscribe', { token: bob.token, body: { feedUrls: [feeds.url('/feed')] } })).toMatchObject({
        status: 200,
        body: { subscribed: 1, skipped: 0, errors: 0 },
      });
      expect(feeds.requestsTo('/feed').length).toBe(fetchesBefore);
    });
  });

  describe('more than ten feeds: a job with progress', () => {
    it('answers 202 with a job that subscribes 50 feeds in under 10 s, readable by its owner only', async () => {
      const carol = await signUp(services);
      const urls = await publishers(50);
      const runner = await startWorker(services, services.databaseUrl);
      try {
        const started = performance.now();
        const queued = await rest('POST', '/discover/bulk-subscribe', { token: carol.token, body: { feedUrls: urls } });
        expect(queued.status).toBe(202);
        expect(queued.body).toEqual({ jobId: expect.any(String), total: 50 });
        const first = await rest('GET', `/discover/bulk-subscribe/${queued.body.jobId}`, { token: carol.token });
        expect(first).toMatchObject({ status: 200, body: { total: 50 } });
        expect(await rest('GET', `/discover/bulk-subscribe/${queued.body.jobId}`, { token: ada.token })).toMatchObject({
          status: 404,
          body: { error: 'Bulk subscribe job not found' },
        });
        expect((await rest('GET', `/discover/bulk-subscribe/${queued.body.jobId}`)).status).toBe(401);

        const finished = await waitForJob(queued.body.jobId, carol.token);
        const seconds = (performance.now() - started) / 1000;
        console.log(`bulk subscribe: 50 locally served feeds in ${seconds.toFixed(2)} s`);
        expect(finished.body).toMatchObject({ done: true, total: 50, subscribed: 50, skipped: 0, errors: 0, failures: [], error: null });
        expect(finished.body.feeds).toHaveLength(50);
        expect(seconds).toBeLessThan(10);
        expect(await services.db.subscription.count({ where: { userId: carol.user.id } })).toBe(50);
      } finally {
        await runner.stop();
      }
    });

    it('answers 404 for an id that is not a job', async () => {
      expect((await rest('GET', '/discover/bulk-subscribe/not-an-id', { token: ada.token })).status).toBe(404);
    });
  });

  describe('GET /discover/popular', () => {
    it('lists feeds with subscribers the viewer lacks, most followed first', async () => {
      const dave = await signUp(services);
      // ada and bob follow /feed; ada follows /slow-feed?ms=1500 (left out: its address has a query).
      await rest('POST', '/discover/bulk-subscribe', { token: bob.token, body: { feedUrls: [feeds.url('/feed.json')] } });
      const response = await rest('GET', '/discover/popular', { token: dave.token });
      expect(response.status).toBe(200);
      const popular = response.body.feeds.filter((feed: { url: string }) => feed.url.startsWith(feeds.origin));
      expect(popular).toEqual([
        { id: expect.any(String), url: feeds.url('/feed'), title: 'Fixture feed', description: expect.any(String), subscriberCount: 2 },
        expect.objectContaining({ url: feeds.url('/feed.json'), subscriberCount: 1 }),
      ]);
      const forBob = await rest('GET', '/discover/popular', { token: bob.token });
      expect(forBob.body.feeds.map((feed: { url: string }) => feed.url)).not.toContain(feeds.url('/feed'));
      expect((await rest('GET', '/discover/popular')).status).toBe(401);
    });
  });

  describe('GET /discover/starter-packs', () => {
    it('lists at least eight curated packs, each with feeds', async () => {
      const response = await rest('GET', '/discover/starter-packs', { token: ada.token });
      expect(response.status).toBe(200);
      expect(response.body.starterPacks.length).toBeGreaterThanOrEqual(8);
      for (const pack of response.body.starterPacks) {
        expect(pack).toMatchObject({
          id: expect.any(String),
          name: expect.any(String),
          description: expect.any(String),
          icon: expect.any(String),
        });
        expect(pack.feeds.length).toBeGreaterThan(0);
      }
      expect((await rest('GET', '/discover/starter-packs')).status).toBe(401);
    });
  });
});
