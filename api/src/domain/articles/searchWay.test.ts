import { describe, expect, it } from 'vitest';
import { newFeed, publish } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { searchWay } from './searchWay.ts';

// Which way a search reads is the planner's estimate of its matches: a rare word's first, a common one's in steps.
const services = await createTestServices();

describe('choosing how a search reads', () => {
  it('reads a rare word’s matches first and a common word’s in steps, by the planner’s statistics', async () => {
    const feed = await newFeed(services);
    const at = Date.parse('2026-01-01T00:00:00Z');
    await publish(
      services,
      feed.id,
      Array.from({ length: 1_600 }, (_, i) => ({
        title: i < 5 ? `Quokka ${i}` : `Harbour ${i}`,
        content: '<p>Harbour news of the day.</p>',
        publishedAt: new Date(at - i * 60_000),
      })),
    );
    await services.db.$executeRaw`ANALYZE "Article"`;
    expect((await searchWay(services, 'quokka')).searchWay).toBe('words');
    expect((await searchWay(services, 'nowhere')).searchWay).toBe('words');
    expect((await searchWay(services, 'harbour')).searchWay).toBe('steps');
    expect((await searchWay(services, 'harbour -quokka')).searchWay).toBe('steps');
    expect((await searchWay(services, 'harbour quokka')).searchWay).toBe('words');
    expect((await searchWay(services, 'harbour or quokka')).searchWay).toBe('steps');
  });

  it('estimates the matches of a recent week: the words’ share of all articles, of the last four weeks’ articles', async () => {
    const feed = await newFeed(services);
    const now = Date.now();
    await publish(
      services,
      feed.id,
      Array.from({ length: 700 }, (_, i) => ({
        title: `${i % 2 ? 'Compass' : 'Anchor'} ${i}`,
        publishedAt: new Date(now - i * 1_728_000),
      })),
    );
    await services.db.$executeRaw`ANALYZE "Article"`;
    const [{ articles }] = await services.db.$queryRaw<[{ articles: number }]>`SELECT count(*)::int AS articles FROM "Article"`;
    // 350 of the instance's articles, all of the last two weeks, whose 700 articles are all the last four weeks hold.
    const { weeklyMatches } = await searchWay(services, 'compass');
    expect(weeklyMatches).toBeGreaterThan(((350 / articles) * 700) / 4 / 1.5);
    expect(weeklyMatches).toBeLessThan((((350 / articles) * 700) / 4) * 1.5);
    expect((await searchWay(services, 'quokka')).weeklyMatches).toBeLessThan(1);
  });

  it('keeps an estimate while the statistics do not change', async () => {
    const text = 'lighthouse';
    expect((await searchWay(services, text)).searchWay).toBe('words');
    const feed = await newFeed(services);
    await publish(
      services,
      feed.id,
      Array.from({ length: 1_200 }, (_, i) => ({ title: `Lighthouse ${i}`, publishedAt: new Date(Date.UTC(2026, 0, 2) - i * 60_000) })),
    );
    await services.db.$executeRaw`ANALYZE "Article"`;
    // Estimated before the articles came: read as it was until the estimate is renewed (ten minutes).
    expect((await searchWay(services, text)).searchWay).toBe('words');
    expect((await searchWay(services, 'lighthouses')).searchWay).toBe('steps');
  });
});
