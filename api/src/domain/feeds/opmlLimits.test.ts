import { describe, expect, it } from 'vitest';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { subscribe } from './subscribe.ts';
import { IMPORT_HOST_SPACING_SECONDS, importOpml } from './opml.ts';

/** An OPML file of these feed addresses, all at the top level. */
function opml(urls: string[]) {
  const outlines = urls.map((url, i) => `<outline type="rss" text="Feed ${i}" xmlUrl="${url}"/>`).join('');
  return {
    filename: 'feeds.opml',
    content: Buffer.from(`<?xml version="1.0"?><opml version="2.0"><head/><body>${outlines}</body></opml>`),
  };
}

describe('OPML import limits', async () => {
  const services = await createTestServices({ MAX_SUBSCRIPTIONS_PER_USER: '6' });

  /** A signed-up user as the domain sees the one acting. */
  async function newViewer() {
    const { user } = await signUp(services);
    return { id: user.id, username: user.username, role: user.role, credential: { kind: 'session' as const, id: 'test-session' } };
  }

  /** The first-fetch jobs of the feeds a user subscribed to on `host`, by time. */
  async function firstFetches(userId: string, host: string) {
    return services.db.$queryRaw<{ queue_name: string | null; run_at: Date }[]>`
      SELECT queue_name, run_at FROM graphile_worker.jobs
      WHERE task_identifier = 'refresh_feed' AND key IN (
        SELECT 'refresh_feed:' || f.id FROM "Feed" f JOIN "Subscription" s ON s."feedId" = f.id
        WHERE s."userId" = ${userId}::uuid AND f.url LIKE ${`https://${host}/%`})
      ORDER BY run_at`;
  }

  it('queues the first fetches of an import one host at a time, spaced, whoever imports them', async () => {
    const ada = await newViewer();
    const bob = await newViewer();
    await importOpml(
      services,
      ada,
      opml(['a', 'b', 'c', 'd'].map((p) => `https://one.example/${p}.xml`).concat('https://two.example/feed.xml')),
    );
    await importOpml(services, bob, opml(['e', 'f'].map((p) => `https://one.example/${p}.xml`)));

    const adas = await firstFetches(ada.id, 'one.example');
    const bobs = await firstFetches(bob.id, 'one.example');
    // One queue per host for every import, so the worker fetches one feed of a host at a time; each import spaces its own.
    expect(new Set([...adas, ...bobs].map((job) => job.queue_name))).toEqual(new Set(['feed-host:one.example']));
    const gaps = (jobs: { run_at: Date }[]) =>
      jobs.slice(1).map((job, i) => Math.round((job.run_at.getTime() - jobs[i]!.run_at.getTime()) / 1000));
    expect(gaps(adas)).toEqual([1, 2, 3].map(() => IMPORT_HOST_SPACING_SECONDS));
    expect(gaps(bobs)).toEqual([IMPORT_HOST_SPACING_SECONDS]);
    expect((await firstFetches(ada.id, 'two.example')).map((job) => job.queue_name)).toEqual(['feed-host:two.example']);
  });

  it('refuses an import that would go over the subscription cap, and changes nothing', async () => {
    const carol = await newViewer();
    await importOpml(services, carol, opml(['https://three.example/1.xml', 'https://three.example/2.xml']));
    const before = await services.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs`;
    const urls = Array.from({ length: 5 }, (_, i) => `https://four.example/${i}.xml`);
    await expect(importOpml(services, carol, opml(urls))).rejects.toThrow(
      'This import would bring you to 7 feeds; you can follow at most 6',
    );
    expect(await services.db.subscription.count({ where: { userId: carol.id } })).toBe(2);
    expect(await services.db.feed.count({ where: { url: { startsWith: 'https://four.example/' } } })).toBe(0);
    expect(await services.db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs`).toEqual(before);
    expect(await importOpml(services, carol, opml(urls.slice(0, 4)))).toEqual({ added: 4, skipped: 0, errors: 0 });
  });

  it('refuses to subscribe beyond the cap with a clear message, before fetching anything', async () => {
    const dave = await newViewer();
    await importOpml(services, dave, opml(Array.from({ length: 6 }, (_, i) => `https://five.example/${i}.xml`)));
    // A stored feed (no fetch) and a new address (which would be fetched) are refused alike.
    for (const url of ['https://one.example/a.xml', 'https://unfetchable.invalid/feed.xml']) {
      await expect(subscribe(services, dave, { url })).rejects.toThrow('You can follow at most 6 feeds; unsubscribe from some first');
    }
    expect(await services.db.subscription.count({ where: { userId: dave.id } })).toBe(6);
  });
});
