import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, unreadIds } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { startWorker } from '../../jobs/worker.ts';
import { markArticlesRead } from '../articles/articleState.ts';
import { enqueueStoryRematchIfRulesChanged, recordedStoryRulesVersion, rematchStories } from './rematchStories.ts';
import { STORY_REMATCH_DAYS, STORY_RULES_VERSION } from './storyRulesVersion.ts';
import { BAND_COUNT } from './textKey.ts';

const services = await createTestServices();
const storyOf = async (id: string) => (await services.db.article.findUniqueOrThrow({ where: { id }, select: { storyId: true } })).storyId;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

const WIRE =
  'Firefighters in northern Portugal battled dozens of wildfires on Sunday as strong winds and temperatures above 40 degrees ' +
  'Celsius fanned the flames across the districts of Viseu and Guarda, officials said. More than 1,200 firefighters supported ' +
  'by water-bombing aircraft were deployed, and several villages were evacuated as a precaution, the civil protection agency ' +
  'said in a statement. No deaths have been reported so far.';

// Keys as older rules computed them: no address key, no text key. A copy stored after such a key does not find it.
async function asUnderOldRules(...ids: string[]) {
  await services.db.storyKey.updateMany({
    where: { articleId: { in: ids } },
    data: { address: null, signature: [], bands: [], shingles: 0 },
  });
}

/** Two copies of one story at two feeds, stored so that the second did not match the first (old rules). */
async function unmatchedCopies(publishedHoursAgo: number, address: string) {
  const [first, second] = await Promise.all([newFeed(services), newFeed(services)]);
  const [a] = await publish(services, first.id, [
    { publishedAt: hoursAgo(publishedHoursAgo + 1), url: `https://paper.example/${address}` },
  ]);
  await asUnderOldRules(a!.id);
  const [b] = await publish(services, second.id, [
    { publishedAt: hoursAgo(publishedHoursAgo), url: `http://www.paper.example/${address}/?utm_source=rss` },
  ]);
  expect(await storyOf(b!.id)).toBeNull();
  return { feeds: [first, second], a: a!, b: b! };
}

/** Everything the pass may change, to compare two runs. */
async function matchingState() {
  const [articles, keys, unread] = await Promise.all([
    services.db.article.findMany({ select: { id: true, storyId: true, storyKept: true }, orderBy: { id: 'asc' } }),
    services.db.storyKey.findMany({ orderBy: { articleId: 'asc' } }),
    services.db.unreadArticle.findMany({ select: { userId: true, articleId: true }, orderBy: [{ userId: 'asc' }, { articleId: 'asc' }] }),
  ]);
  return { articles, keys, unread };
}

describe('rematchStories, the background pass after the matching rules changed', () => {
  it('joins two recent copies that the old keys did not match, by address and by text', async () => {
    const { a, b } = await unmatchedCopies(5, 'world/portugal-fires');
    const [wireA, wireB] = await Promise.all([newFeed(services), newFeed(services)]);
    const [c] = await publish(services, wireA.id, [
      { publishedAt: hoursAgo(10), title: 'Wildfires rage in Portugal', content: `<p>${WIRE}</p>` },
    ]);
    await asUnderOldRules(c!.id);
    const [d] = await publish(services, wireB.id, [
      { publishedAt: hoursAgo(8), title: 'Portugal: thousands fight blazes', content: `<p>LISBON (Agency) — ${WIRE}</p>` },
    ]);
    expect(await storyOf(d!.id)).toBeNull();

    const outcome = await rematchStories(services);

    expect(outcome.joined).toBeGreaterThanOrEqual(2);
    expect(await storyOf(a.id)).toBe(a.id);
    expect(await storyOf(b.id)).toBe(a.id);
    expect(await storyOf(c!.id)).toBe(c!.id);
    expect(await storyOf(d!.id)).toBe(c!.id);
    const key = await services.db.storyKey.findUniqueOrThrow({ where: { articleId: c!.id } });
    expect(key.bands).toHaveLength(BAND_COUNT);
  });

  it('never joins again what an administrator split off, nor moves an article already in a story', async () => {
    const { a, b } = await unmatchedCopies(4, 'world/split-story');
    await services.db.article.update({ where: { id: b.id }, data: { storyKept: true } });
    // A story of two copies, and a third copy of it whose old key matched nothing: it joins that story, and the
    // two stay where they are.
    const [x, y, z] = await Promise.all([newFeed(services), newFeed(services), newFeed(services)]);
    const [first] = await publish(services, x.id, [{ publishedAt: hoursAgo(6), url: 'https://wire.example/2026/joined' }]);
    const [second] = await publish(services, y.id, [{ publishedAt: hoursAgo(5), url: 'https://wire.example/2026/joined?ref=rss' }]);
    expect(await storyOf(second!.id)).toBe(first!.id);
    await asUnderOldRules(first!.id, second!.id);
    const [third] = await publish(services, z.id, [{ publishedAt: hoursAgo(4), url: 'https://wire.example/2026/joined/' }]);
    expect(await storyOf(third!.id)).toBeNull();

    await rematchStories(services);

    expect(await storyOf(a.id)).toBeNull();
    expect(await storyOf(b.id)).toBeNull();
    expect(await storyOf(first!.id)).toBe(first!.id);
    expect(await storyOf(second!.id)).toBe(first!.id);
    expect(await storyOf(third!.id)).toBe(first!.id);
  });

  it('leaves alone the articles older than its window, keys and all', async () => {
    const { a, b } = await unmatchedCopies(STORY_REMATCH_DAYS * 24 + 2, 'world/old-story');
    await rematchStories(services);
    expect(await storyOf(a.id)).toBeNull();
    expect(await storyOf(b.id)).toBeNull();
    expect((await services.db.storyKey.findUniqueOrThrow({ where: { articleId: a.id } })).address).toBeNull();
  });

  it('marks every copy read for a reader who read one, whichever copy joined', async () => {
    const { feeds, a, b } = await unmatchedCopies(3, 'world/read-story');
    const [readA, readB, readNone] = await Promise.all([newReader(services), newReader(services), newReader(services)]);
    for (const reader of [readA, readB, readNone]) for (const feed of feeds) await follow(services, reader.id, feed.id);
    await markArticlesRead(services, readA.viewer, [a.id]);
    await markArticlesRead(services, readB.viewer, [b.id]);

    await rematchStories(services);

    expect(await storyOf(b.id)).toBe(a.id);
    for (const reader of [readA, readB]) {
      const unread = await unreadIds(services, reader.id);
      expect([unread.has(a.id), unread.has(b.id)]).toEqual([false, false]);
    }
    const unread = await unreadIds(services, readNone.id);
    expect([unread.has(a.id), unread.has(b.id)]).toEqual([true, true]);
  });

  it('changes nothing more when run again, and fills in the keys of articles stored without one', async () => {
    const { a } = await unmatchedCopies(2, 'world/twice');
    await services.db.storyKey.delete({ where: { articleId: a.id } });
    await rematchStories(services);
    const once = await matchingState();
    const again = await rematchStories(services);
    expect(again.joined).toBe(0);
    expect(await matchingState()).toEqual(once);
    expect((await services.db.storyKey.findUniqueOrThrow({ where: { articleId: a.id } })).address).toBe('paper.example/world/twice');
  });

  it('walks every recent article, batch after batch', async () => {
    const feed = await newFeed(services);
    const stored = await publish(
      services,
      feed.id,
      Array.from({ length: 230 }, (_, i) => ({ publishedAt: hoursAgo(1 + i / 10), url: `https://batches.example/story/${i}` })),
    );
    const ids = stored.map((article) => article.id);
    await services.db.storyKey.deleteMany({ where: { articleId: { in: ids } } });
    const outcome = await rematchStories(services);
    expect(outcome.articles).toBeGreaterThanOrEqual(230);
    expect(await services.db.storyKey.count({ where: { articleId: { in: ids } } })).toBe(230);
  });

  it('records the rules version, and the worker queues the pass at start only while another is recorded', async () => {
    expect(await recordedStoryRulesVersion(services.db)).toBe(STORY_RULES_VERSION);
    expect(await enqueueStoryRematchIfRulesChanged(services)).toBe(false);

    await services.db.instanceConfig.update({ where: { id: 1 }, data: { storyRulesVersion: STORY_RULES_VERSION - 1 } });
    const { a, b } = await unmatchedCopies(1, 'world/worker');
    const runner = await startWorker(services, services.databaseUrl);
    try {
      const deadline = Date.now() + 20_000;
      while ((await recordedStoryRulesVersion(services.db)) !== STORY_RULES_VERSION) {
        if (Date.now() > deadline) throw new Error('the worker did not run the pass');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await runner.stop();
    }
    expect(await storyOf(b.id)).toBe(a.id);
    const [queued] = await services.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'rematch_stories'`;
    expect(queued!.n).toBe(0);
  });
});
