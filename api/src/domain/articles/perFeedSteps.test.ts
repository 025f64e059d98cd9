import { describe, expect, it } from 'vitest';
import { newestFirst, publish, readerWithFolder, unreadIds, walkArticles, type StoredArticle } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { markArticleRead } from './articleState.ts';

// `all` and a folder's `unread` read each feed's rows in steps of time walked back from the page's start (6 hours,
// 2 days, 16 days, the rest: articleListSql.ts). Articles three hours apart over 17 days put rows in every step of
// every page and on the steps' edges (each a multiple of three hours from a page's start, which is an article's date),
// with hidden articles and later copies of stories (left out inside each step) among them.
const services = await createTestServices();
const HOUR = 3_600_000;

describe('lists read in steps of time', async () => {
  // Subscribed in this order: a story's copy in `second` is the later copy of one in `first`.
  const {
    reader: dana,
    folder,
    feeds: [first, second, outside],
  } = await readerWithFolder(services, 'Steps');
  const newest = Date.now() - 60_000;
  const feeds = [first, second, outside];
  const stored: StoredArticle[] = [];
  for (const [k, feed] of feeds.entries()) {
    const inputs = Array.from({ length: 45 }, (_, i) => ({
      publishedAt: new Date(newest - (i * 3 + k) * 3 * HOUR),
      title: `Step ${k}-${i}`,
    }));
    stored.push(...(await publish(services, feed.id, inputs)));
  }
  const ofFeed = (feed: { id: string }) => stored.filter((a) => a.feedId === feed.id);
  // Every fourth article of `second` is a later copy of an article of `first` (left out of `all`; of `unread` while
  // the first copy is unread).
  const copies = ofFeed(second).filter((_, i) => i % 4 === 0);
  for (const [i, copy] of copies.entries()) {
    const original = ofFeed(first)[i * 4]!;
    await services.db.article.updateMany({ where: { id: { in: [original.id, copy.id] } }, data: { storyId: original.id } });
  }
  // Every fifth article is hidden by the reader's rules (rules/applyRules.ts: never unread once hidden).
  const hidden = stored.filter((_, i) => i % 5 === 2);
  await services.db.hiddenArticle.createMany({
    data: hidden.map((a) => ({ userId: dana.id, articleId: a.id, feedId: a.feedId, publishedAt: a.publishedAt, wasUnread: true })),
  });
  await services.db.unreadArticle.deleteMany({ where: { userId: dana.id, articleId: { in: hidden.map((a) => a.id) } } });
  // Every seventh is read (with the other copies of its story).
  for (const article of stored.filter((a, i) => i % 7 === 3 && !hidden.includes(a)))
    await markArticleRead(services, dana.viewer, article.id);
  const unread = await unreadIds(services, dana.id);

  const isHidden = (a: StoredArticle) => hidden.includes(a);
  const isRead = (a: StoredArticle) => !unread.has(a.id);
  const originalOf = (a: StoredArticle) => ofFeed(first)[copies.indexOf(a) * 4]!;
  const inFolder = (a: StoredArticle) => a.feedId !== outside.id;
  const cases = [
    {
      name: 'all · everything',
      input: { filter: 'all' },
      want: stored.filter((a) => !isHidden(a) && !copies.includes(a)),
    },
    {
      name: 'all · folder',
      input: { filter: 'all', folderId: folder.id },
      want: stored.filter((a) => inFolder(a) && !isHidden(a) && !copies.includes(a)),
    },
    {
      name: 'unread · folder',
      input: { filter: 'unread', folderId: folder.id },
      want: stored.filter((a) => inFolder(a) && !isRead(a) && !(copies.includes(a) && !isRead(originalOf(a)))),
    },
  ];

  it('has rows in every step, and hidden articles and later copies among them', () => {
    const ages = stored.map((a) => (newest - a.publishedAt.getTime()) / HOUR);
    for (const [from, to] of [
      [0, 6],
      [6, 48],
      [48, 384],
      [384, Infinity],
    ])
      expect(ages.some((age) => age >= from! && age < to!)).toBe(true);
    expect(copies.filter((copy) => !isHidden(copy)).length).toBeGreaterThan(2);
    expect(copies.some((copy) => !isRead(copy) && !isRead(originalOf(copy)))).toBe(true);
    expect(hidden.length).toBeGreaterThan(10);
  });

  it.each(cases.flatMap((c) => [2, 5, 100].map((size) => ({ ...c, size }))))(
    'walks $name in pages of $size: every article it holds once, newest first',
    async ({ input, want, size }) => {
      const walk = await walkArticles(services, dana.viewer, input, size);
      expect(walk.ids).toEqual(newestFirst(want).map((a) => a.id));
      expect(walk.pages).toBe(Math.max(1, Math.ceil(want.length / size)));
    },
  );
});
