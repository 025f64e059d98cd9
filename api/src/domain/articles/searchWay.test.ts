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
    expect(await searchWay(services, 'quokka')).toBe('words');
    expect(await searchWay(services, 'nowhere')).toBe('words');
    expect(await searchWay(services, 'harbour')).toBe('steps');
    expect(await searchWay(services, 'harbour -quokka')).toBe('steps');
    expect(await searchWay(services, 'harbour quokka')).toBe('words');
    expect(await searchWay(services, 'harbour or quokka')).toBe('steps');
  });

  it('keeps an estimate while the statistics do not change', async () => {
    const text = 'lighthouse';
    expect(await searchWay(services, text)).toBe('words');
    const feed = await newFeed(services);
    await publish(
      services,
      feed.id,
      Array.from({ length: 1_200 }, (_, i) => ({ title: `Lighthouse ${i}`, publishedAt: new Date(Date.UTC(2026, 0, 2) - i * 60_000) })),
    );
    await services.db.$executeRaw`ANALYZE "Article"`;
    // Estimated before the articles came: read as it was until the estimate is renewed (ten minutes).
    expect(await searchWay(services, text)).toBe('words');
    expect(await searchWay(services, 'lighthouses')).toBe('steps');
  });
});
