import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { follow, newFeed, newReader } from '../../../test/articleFixtures.ts';
import { startFeedServer } from '../../../test/feedServer.ts';
import { createTestServices } from '../../../test/services.ts';
import { createPrisma } from '../../db/prisma.ts';
import { fetchResource } from '../../ingest/fetch.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import { refreshSubscription } from '../subscriptions/refreshSubscriptions.ts';
import { refreshFeed } from './refreshFeed.ts';
import { feedFetchPolicy, hostGate } from '../core/hostSlots.ts';
import { afterCaller } from '../../../test/cleanup.ts';

/** A publisher that answers after `ms` and counts the requests it is serving at once, the most of them too. */
async function startCountingServer(ms: number) {
  let inFlight = 0;
  const seen = { most: 0, total: 0 };
  const server = http.createServer((_request, response) => {
    inFlight += 1;
    seen.total += 1;
    seen.most = Math.max(seen.most, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    }, ms);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterCaller(() => new Promise((resolve) => server.close(resolve)));
  return { url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, seen };
}

describe('fetch slots per host (FEED_FETCHES_PER_HOST)', async () => {
  const services = await createTestServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true', FEED_FETCHES_PER_HOST: '2' });
  // A second process of the same instance: its own connections, the same database.
  const otherProcess = { ...services, db: createPrisma(services.databaseUrl, 2) };
  afterAll(() => otherProcess.db.$disconnect());
  const feeds = await startFeedServer();

  it('lets at most two requests at once reach one host, from two processes, and frees a slot when a fetch fails', async () => {
    const publisher = await startCountingServer(150);
    const fetches = [services, otherProcess].flatMap((each) =>
      Array.from({ length: 5 }, (_, n) => fetchResource(publisher.url(`/feed-${n}`), feedFetchPolicy(each))),
    );
    const failing = fetchResource(feeds.url('/status/500'), feedFetchPolicy(services)).catch((error: unknown) => error);
    await Promise.all(fetches);
    expect(await failing).toBeInstanceOf(FeedFetchError);
    expect(publisher.seen).toEqual({ most: 2, total: 10 });
    expect(await services.db.lease.count({ where: { key: { startsWith: 'fetch-slot:' } } })).toBe(0);
  });

  it("gives up with 'host-busy' when no slot frees in time, and takes a slot a dead process left once it expires", async () => {
    const held = [0, 1].map((slot) => ({ key: `fetch-slot:127.0.0.1:${slot}`, expiresAt: new Date(Date.now() + 60_000) }));
    await services.db.lease.createMany({ data: held });
    const gate = hostGate(services, 300);
    const busy = await gate('127.0.0.1', () => Promise.resolve('fetched')).catch((error: unknown) => error);
    expect(busy).toMatchObject({ kind: 'host-busy', message: expect.stringContaining('busy with this instance’s other requests') });

    await services.db.lease.update({ where: { key: held[0]!.key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await gate('127.0.0.1', () => Promise.resolve('fetched'))).toBe('fetched');
    await services.db.lease.deleteMany({});
  });

  it('moves a scheduled refresh of a busy host a minute on, without an error on the feed or a request', async () => {
    const feed = await newFeed(services, { url: feeds.url('/feed?busy') });
    await services.db.lease.createMany({
      data: [0, 1].map((slot) => ({ key: `fetch-slot:127.0.0.1:${slot}`, expiresAt: new Date(Date.now() + 60_000) })),
    });
    const outcome = await refreshFeed(services, feed.id, { wait: 'scheduled' });
    await services.db.lease.deleteMany({});

    expect(outcome.error).toContain('busy');
    expect(feeds.requestsTo('/feed?busy')).toHaveLength(0);
    const stored = await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } });
    expect(stored).toMatchObject({ fetchError: null, errorCount: 0, lastFetchedAt: feed.lastFetchedAt });
    const wait = stored.nextFetchAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThanOrEqual(90_000);
  });

  it('fetches a feed whose server asked to wait (Retry-After) by no path before that time, and says when', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services, { url: feeds.url('/rate-limited') });
    const { id: subscriptionId } = await follow(services, reader.id, feed.id);

    const limited = await refreshFeed(services, feed.id, { wait: 'scheduled' });
    expect(limited.error).toBe('The feed answered 429 Too Many Requests');
    const retryAt = limited.retryAt!.getTime();
    expect(retryAt - Date.now()).toBeGreaterThan(110_000);
    expect(retryAt - Date.now()).toBeLessThanOrEqual(120_000);
    const stored = await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } });
    expect(stored.retryAfterUntil?.getTime()).toBe(retryAt);
    expect(stored.nextFetchAt.getTime()).toBeGreaterThanOrEqual(retryAt);

    // The reader's Retry, and a refresh of everything, wait too: the server hears nothing more.
    const again = await refreshSubscription(services, reader.viewer, subscriptionId);
    expect(again).toEqual({ articlesAdded: 0, error: 'The feed answered 429 Too Many Requests', retryAt: new Date(retryAt) });
    expect(feeds.requestsTo('/rate-limited')).toHaveLength(1);

    // Once the time has come, a fetch that works clears it.
    await services.db.feed.update({
      where: { id: feed.id },
      data: { retryAfterUntil: new Date(Date.now() - 1000), url: feeds.url('/feed?after-wait') },
    });
    expect(await refreshFeed(services, feed.id)).toEqual({ articlesAdded: 1, error: null });
    expect(await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ retryAfterUntil: null, fetchError: null });
  });
});
