import { describe, expect, it } from 'vitest';
import { benchReadingName, feedSizes, seedPlan, username } from './plan.ts';

describe('the reading benchmark plans', () => {
  it('keeps the 1m plan of the everyday run: 100 subscriptions each, the most popular feed the largest', () => {
    const plan = seedPlan('1m');
    expect(plan).toMatchObject({ users: 1000, feeds: 10_000, articles: 1_000_000, largeFeedArticles: 100_000 });
    expect([plan.subscriptionsMin, plan.subscriptionsMax, plan.mainUserSubscriptions]).toEqual([100, 100, 100]);
    const sizes = feedSizes(plan);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    expect(sizes[0]).toBe(33_217);
  });

  it('sizes the 10m plan of issue 47 and shrinks it by a factor, never below a small instance', () => {
    expect(seedPlan('10m')).toMatchObject({
      users: 10_000,
      feeds: 100_000,
      articles: 10_000_000,
      subscriptionsMin: 50,
      subscriptionsMax: 500,
    });
    expect(seedPlan('10m', 0.02)).toMatchObject({ users: 200, feeds: 2000, articles: 200_000, largeFeedArticles: 2000 });
    expect(seedPlan('10m', 0.0001)).toMatchObject({ users: 20, feeds: 200, articles: 20_000 });
  });

  it('gives every ordinary feed at least one article and all the articles but the large feed’s, the sizes only loosely following popularity at 10m', () => {
    const plan = seedPlan('10m', 0.05);
    const sizes = feedSizes(plan);
    expect(sizes).toHaveLength(plan.feeds - 1);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(plan.articles - plan.largeFeedArticles);
    expect(sizes).not.toEqual([...sizes].sort((a, b) => b - a));
    expect(feedSizes(plan)).toEqual(sizes);
  });

  it('names a database per plan and factor, the full 1m keeping its old name', () => {
    expect(benchReadingName('1m')).toBe('tidings_bench_reading');
    expect(benchReadingName('1m', 0.1)).toBe('tidings_bench_reading_0_1');
    expect(benchReadingName('10m')).toBe('tidings_bench_reading_10m');
    expect(benchReadingName('10m', 0.02)).toBe('tidings_bench_reading_10m_0_02');
  });

  it('numbers user names with enough digits to sort by number', () => {
    expect(username(seedPlan('1m'), 7)).toBe('reader0007');
    expect(username(seedPlan('10m'), 7)).toBe('reader00007');
    expect(username(seedPlan('10m'), 10_000)).toBe('reader10000');
  });
});
