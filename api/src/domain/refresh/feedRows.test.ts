import { describe, expect, it } from 'vitest';
import type { FetchResult } from '../../ingest/fetch.ts';
import type { NormalisedFeed } from '../../ingest/normalise.ts';
import { MAX_INTERVAL_MS, MIN_INTERVAL_MS } from '../../ingest/schedule.ts';
import { feedRowAfterFetch } from './feedRows.ts';

const now = new Date('2026-11-22T12:00:00Z');
const content: NormalisedFeed = {
  title: 'Fixture feed',
  description: 'A feed to test with',
  siteUrl: 'https://example.org/',
  articles: [],
};
const ok: FetchResult = {
  status: 'ok',
  url: 'https://example.org/feed',
  permanentUrl: null,
  body: Buffer.from(''),
  contentType: 'application/rss+xml',
  etag: '"v2"',
  lastModified: 'Sun, 22 Nov 2026 11:00:00 GMT',
};
const notModified: FetchResult = { status: 'not-modified', url: 'https://example.org/feed', permanentUrl: null };

describe('feedRowAfterFetch', () => {
  it('clears the error, keeps the validators of a 200 and what the feed says about itself', () => {
    expect(feedRowAfterFetch(now, ok, content, [])).toMatchObject({
      fetchError: null,
      errorCount: 0,
      lastFetchedAt: now,
      etag: '"v2"',
      lastModified: 'Sun, 22 Nov 2026 11:00:00 GMT',
      title: 'Fixture feed',
      description: 'A feed to test with',
      siteUrl: 'https://example.org/',
    });
  });

  it('leaves the stored validators, title and description alone after a 304, which is a success', () => {
    const row = feedRowAfterFetch(now, notModified, null, []);
    expect(Object.keys(row).sort()).toEqual([
      'errorCount',
      'fetchError',
      'lastFetchedAt',
      'lastSuccessAt',
      'nextFetchAt',
      'retryAfterUntil',
    ]);
    expect(row.lastSuccessAt).toEqual(now);
  });

  it('paces the next fetch by the articles it is given', () => {
    const hourly = [3, 2, 1].map((hours) => new Date(now.getTime() - hours * 60 * 60 * 1000));
    const wait = (recent: Date[]) => feedRowAfterFetch(now, ok, content, recent).nextFetchAt.getTime() - now.getTime();
    expect(wait(hourly)).toBeGreaterThanOrEqual(MIN_INTERVAL_MS);
    expect(wait(hourly)).toBeLessThan(2 * 60 * 60 * 1000);
    expect(wait([])).toBeGreaterThan(0.8 * MAX_INTERVAL_MS);
  });
});

describe('feedRowAfterFetch judges whether the feed sends excerpts', () => {
  const item = (text: string, day: number) =>
    ({
      content: `<p>${text}</p>`,
      contentText: text,
      publishedAt: new Date(Date.UTC(2026, 10, day)),
    }) as NormalisedFeed['articles'][number];
  const full = 'The council met on Tuesday and decided, after a long debate about the budget, to keep the library open. '.repeat(8);

  it('on the new articles a fetch brings: teasers mark it, full articles clear it, none keep the judgement', () => {
    const teasers = { ...content, articles: [item('The council met… Read more', 3), item('Short news.', 2), item(full, 1)] };
    expect(feedRowAfterFetch(now, ok, teasers, [])).toMatchObject({ sendsExcerpts: true });
    expect(feedRowAfterFetch(now, ok, { ...content, articles: [item(full, 2), item(full, 1)] }, [])).toMatchObject({
      sendsExcerpts: false,
    });
    expect(feedRowAfterFetch(now, ok, content, [])).not.toHaveProperty('sendsExcerpts');
    expect(feedRowAfterFetch(now, notModified, null, [])).not.toHaveProperty('sendsExcerpts');
  });
});
