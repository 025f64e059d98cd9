import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, unreadIds } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { markArticlesRead } from '../articles/articleState.ts';
import { arrivalStoryKeys, joinStories, storyCandidateOf, type StoredCopy } from './joinStories.ts';

const services = await createTestServices();
const storyOf = async (id: string) => (await services.db.article.findUniqueOrThrow({ where: { id }, select: { storyId: true } })).storyId;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

// Wire copy: the same agency text at two outlets, under their own headlines, with a sentence of their own.
const WIRE =
  'Firefighters in northern Portugal battled dozens of wildfires on Sunday as strong winds and temperatures above 40 degrees ' +
  'Celsius fanned the flames across the districts of Viseu and Guarda, officials said. More than 1,200 firefighters supported ' +
  'by water-bombing aircraft were deployed, and several villages were evacuated as a precaution, the civil protection agency ' +
  'said in a statement. No deaths have been reported so far.';

describe('joinStories', () => {
  it('joins copies whose addresses differ only by tracking parameters, scheme and www., and says nothing of the others', async () => {
    const [guardian, aggregator, blog] = await Promise.all([newFeed(services), newFeed(services), newFeed(services)]);
    const [original] = await publish(services, guardian.id, [
      { publishedAt: hoursAgo(3), url: 'https://www.news.example/world/2026/nov/29/portugal-fires', title: 'Portugal fights fires' },
    ]);
    const [copy] = await publish(services, aggregator.id, [
      {
        publishedAt: hoursAgo(2),
        url: 'http://news.example/world/2026/nov/29/portugal-fires/?utm_source=rss&utm_medium=feed',
        title: 'Fires in Portugal',
      },
    ]);
    const [other] = await publish(services, blog.id, [
      { publishedAt: hoursAgo(2), url: 'https://news.example/world/2026/nov/29/spain-floods' },
    ]);
    expect(await storyOf(original!.id)).toBe(original!.id);
    expect(await storyOf(copy!.id)).toBe(original!.id);
    expect(await storyOf(other!.id)).toBeNull();
  });

  it('joins wire copy by its text within the window, and keeps apart the same text days later', async () => {
    const [first, second, late] = await Promise.all([newFeed(services), newFeed(services), newFeed(services)]);
    const [a] = await publish(services, first.id, [
      { publishedAt: hoursAgo(10), title: 'Wildfires rage in Portugal', content: `<p>${WIRE}</p>` },
    ]);
    const [b] = await publish(services, second.id, [
      {
        publishedAt: hoursAgo(8),
        title: 'Portugal: thousands fight blazes in heatwave',
        content: `<p>LISBON (Agency) — ${WIRE} Our reporter adds more.</p>`,
      },
    ]);
    const [c] = await publish(services, late.id, [
      { publishedAt: hoursAgo(10 + 24 * 5), title: 'Wildfires rage in Portugal', content: `<p>${WIRE}</p>` },
    ]);
    expect(await storyOf(b!.id)).toBe(a!.id);
    expect(await storyOf(c!.id)).toBeNull();
  });

  it('never merges the items of a feed that links every item to its home page, nor items of one feed', async () => {
    const [homepage, other] = await Promise.all([newFeed(services), newFeed(services)]);
    const items = await publish(services, homepage.id, [
      { publishedAt: hoursAgo(5), url: 'https://shop.example/blog/news' },
      { publishedAt: hoursAgo(4), url: 'https://shop.example/blog/news' },
    ]);
    const [later] = await publish(services, homepage.id, [{ publishedAt: hoursAgo(3), url: 'https://shop.example/blog/news' }]);
    const [elsewhere] = await publish(services, other.id, [{ publishedAt: hoursAgo(2), url: 'https://shop.example/blog/news' }]);
    for (const article of [...items, later!, elsewhere!]) expect(await storyOf(article.id)).toBeNull();
  });

  it('a copy arriving after its story was read arrives read for that reader, unread for another', async () => {
    const [first, second] = await Promise.all([newFeed(services), newFeed(services)]);
    const [reader, other] = await Promise.all([newReader(services), newReader(services)]);
    for (const feed of [first, second]) {
      await follow(services, reader.id, feed.id);
      await follow(services, other.id, feed.id);
    }
    const [a] = await publish(services, first.id, [{ publishedAt: hoursAgo(2), url: 'https://paper.example/a/story-1' }]);
    await markArticlesRead(services, reader.viewer, [a!.id]);
    const [b] = await publish(services, second.id, [{ publishedAt: hoursAgo(1), url: 'https://paper.example/a/story-1?ref=rss' }]);
    expect(await storyOf(b!.id)).toBe(a!.id);
    expect((await unreadIds(services, reader.id)).has(b!.id)).toBe(false);
    expect((await unreadIds(services, other.id)).has(b!.id)).toBe(true);
  });

  it('finds the copy by address among more texts sharing a band than it reads', async () => {
    const [templated, paper, aggregator] = await Promise.all([newFeed(services), newFeed(services), newFeed(services)]);
    // A feed whose items all carry one text: they share every band with the new copy, and come first in the table.
    await publish(
      services,
      templated.id,
      Array.from({ length: 25 }, (_, i) => ({ publishedAt: hoursAgo(3), title: `Bulletin ${i}`, content: `<p>${WIRE}</p>` })),
    );
    const [original] = await publish(services, paper.id, [
      { publishedAt: hoursAgo(2), url: 'https://paper.example/c/fires-story', title: 'Fires', content: '<p>Short.</p>' },
    ]);
    const [copy] = await publish(services, aggregator.id, [
      { publishedAt: hoursAgo(1), url: 'https://paper.example/c/fires-story?utm_source=agg', title: 'Fires', content: `<p>${WIRE}</p>` },
    ]);
    expect(await storyOf(copy!.id)).toBe(original!.id);
  });

  it('does not join an article an administrator split off', async () => {
    const [first, second] = await Promise.all([newFeed(services), newFeed(services)]);
    const [a] = await publish(services, first.id, [{ publishedAt: hoursAgo(2), url: 'https://paper.example/b/kept' }]);
    await services.db.article.update({ where: { id: a!.id }, data: { storyKept: true } });
    const [b] = await publish(services, second.id, [{ publishedAt: hoursAgo(1), url: 'https://paper.example/b/kept' }]);
    expect(await storyOf(b!.id)).toBeNull();
  });

  it("two feeds storing copies of one story at once, each the other's match, make one story of them without a deadlock", async () => {
    const [first, second] = await Promise.all([newFeed(services), newFeed(services)]);
    const address = 'https://paper.example/d/same-moment';
    const [a] = await publish(services, first.id, [{ publishedAt: hoursAgo(2), url: address, title: 'Same moment' }]);
    const [b] = await publish(services, second.id, [{ publishedAt: hoursAgo(2), url: `${address}?ref=rss`, title: 'Same moment' }]);
    // As if both had been stored before either was matched: each is the other's only candidate.
    await services.db.article.updateMany({ where: { id: { in: [a!.id, b!.id] } }, data: { storyId: null } });
    const copyOf = (article: typeof a, url: string): StoredCopy => {
      const candidate = storyCandidateOf(article!.feedId, {
        url,
        guid: article!.guid,
        guidIsPermaLink: false,
        originalUrl: null,
        title: article!.title,
        content: '',
        excerpt: article!.title,
        publishedAt: article!.publishedAt,
      });
      return { id: article!.id, candidate, keys: arrivalStoryKeys(candidate, Date.now()) };
    };
    // A third transaction holds both rows until both joins wait for them, so that they go on at the same moment.
    let joins: Promise<PromiseSettledResult<string[]>[]> | undefined;
    await services.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM "Article" WHERE id IN (${a!.id}::uuid, ${b!.id}::uuid) FOR UPDATE`;
        joins = Promise.allSettled([
          joinStories(services.db, first.id, [copyOf(a, address)]),
          joinStories(services.db, second.id, [copyOf(b, `${address}?ref=rss`)]),
        ]);
        await expect
          .poll(
            async () => {
              // A transaction reads pg_stat_activity once unless told to read it again.
              await tx.$executeRaw`SELECT pg_stat_clear_snapshot()`;
              const [waiting] = await tx.$queryRaw<{ count: number }[]>`
                SELECT count(*)::int AS count FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`;
              return waiting!.count;
            },
            { timeout: 10_000, interval: 20 },
          )
          .toBe(2);
      },
      { timeout: 15_000 },
    );
    const outcomes = await joins!;
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []))).toHaveLength(1);
    const stories = [await storyOf(a!.id), await storyOf(b!.id)];
    expect(stories[0]).not.toBeNull();
    expect(stories[1]).toBe(stories[0]);
  });
});
