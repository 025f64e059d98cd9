import { describe, expect, it } from 'vitest';
import {
  follow,
  newFeed,
  newFolder,
  newReader,
  newestFirst,
  publish,
  readerWithFolder,
  timeline,
  walkArticles,
  type ArticleInput,
  type Reader,
  type StoredArticle,
} from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { statementName } from '../../db/statementNames.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { InvalidInputError, NotFoundError } from '../core/errors.ts';
import { encodeKeyset } from '../core/keyset.ts';
import type { Viewer } from '../core/services.ts';
import { unsubscribe } from '../subscriptions/subscriptions.ts';
import { articleQuery, type ArticleFilter } from './articleQuery.ts';
import { likeArticle, markArticleRead, starArticle, unlikeArticle } from './articleState.ts';
import { countArticles, listArticles } from './listArticles.ts';
import { searchWayForTests } from './searchWay.ts';

const services = await createTestServices();
const T0 = new Date('2025-03-10T12:00:00.000Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const TIE = at(-20);
/** beforeDate is strict: the articles at TIE are before this instant, not before TIE itself. */
const JUST_AFTER_TIE = new Date(TIE.getTime() + 1);

async function page(viewer: Viewer, input: Record<string, unknown>) {
  return listArticles(services, await articleQuery(services, viewer, input));
}

async function count(viewer: Viewer, input: Record<string, unknown>) {
  return countArticles(services, await articleQuery(services, viewer, input));
}

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error) => error,
  );
}

const idsOf = (articles: { id: string }[]) => articles.map((article) => article.id);

function expectNoDuplicates(ids: string[]) {
  expect(new Set(ids).size).toBe(ids.length);
}

// A small world with every relation a list depends on. Ada reads; Bob shares a feed with her and has one of his
// own. Several articles share the instant TIE, across feeds and within one, so order falls back to the id.
//   tech1  Ada (folder Tech), Bob        tech2  Ada (folder Tech)        news  Ada (no folder)
//   bobs   Bob only (in Bob's folder)    left   Ada subscribed, read, liked, starred, then unsubscribed
describe('the article list', async () => {
  const ada = await newReader(services);
  const bob = await newReader(services);
  const tech = await newFolder(services, ada.id, 'Tech');
  const empty = await newFolder(services, ada.id, 'Empty');
  const bobsFolder = await newFolder(services, bob.id, 'Bob reads');
  const feeds = {
    tech1: await newFeed(services, { title: 'Tech One' }),
    tech2: await newFeed(services, { title: 'Tech Two' }),
    news: await newFeed(services, { title: 'News' }),
    bobs: await newFeed(services, { title: 'Bob’s own' }),
    left: await newFeed(services, { title: 'Left behind' }),
  };
  await follow(services, ada.id, feeds.tech1.id, { folderId: tech.id });
  await follow(services, ada.id, feeds.tech2.id, { folderId: tech.id });
  await follow(services, ada.id, feeds.news.id);
  const leftSubscription = await follow(services, ada.id, feeds.left.id);
  await follow(services, bob.id, feeds.tech1.id);
  await follow(services, bob.id, feeds.bobs.id, { folderId: bobsFolder.id });

  // Articles whose title or text holds "quantum" are the ones the search below must find.
  const quantum = new Set<string>();
  const all: (StoredArticle & { key: string })[] = [];
  async function add(feed: keyof typeof feeds, specs: [minutes: number, search?: 'title' | 'content'][]) {
    const inputs: ArticleInput[] = specs.map(([minutes, search], i) => ({
      publishedAt: at(minutes),
      title: search === 'title' ? `Quantum leap ${feed} ${i}` : `Plain ${feed} ${i}`,
      content: search === 'content' ? `<p>A note on <em>quantum</em> computing from ${feed}</p>` : `<p>Ordinary words from ${feed}</p>`,
    }));
    const stored = await publish(services, feeds[feed].id, inputs);
    stored.forEach((article, i) => {
      all.push({ ...article, key: `${feed}-${i}` });
      if (specs[i]![1]) quantum.add(article.id);
    });
  }
  await add('tech1', [[0, 'title'], [-10], [-20, 'content'], [-30], [-40, 'title'], [-50]]);
  await add('tech2', [[-5], [-20, 'title'], [-20], [-35, 'content'], [-60]]);
  await add('news', [[-2, 'content'], [-20], [-25, 'title'], [-45], [-55], [-70, 'title']]);
  await add('bobs', [[-1, 'title'], [-20, 'title'], [-33], [-80]]);
  await add('left', [[-3, 'title'], [-15], [-20, 'content'], [-90]]);
  const article = (key: string) => all.find((candidate) => candidate.key === key)!;

  const read = ['tech1-1', 'tech1-2', 'tech2-0', 'news-0', 'news-3', 'left-1'].map((key) => article(key).id);
  const liked = ['tech1-0', 'tech1-1', 'tech2-2', 'news-5', 'bobs-1', 'left-0', 'left-2'].map((key) => article(key).id);
  for (const id of read) await markArticleRead(services, ada.viewer, id);
  for (const id of liked) await likeArticle(services, ada.viewer, id);
  // Stars, like likes, reach articles of feeds Ada does not follow (any more).
  const starred = ['tech1-1', 'tech2-1', 'tech2-4', 'news-1', 'bobs-2', 'left-2', 'left-3'].map((key) => article(key).id);
  for (const id of starred) await starArticle(services, ada.viewer, id);
  await unsubscribe(services, ada.viewer, leftSubscription.id);
  // Bob's own reading must not show in Ada's lists.
  await markArticleRead(services, bob.viewer, article('tech1-0').id);
  await likeArticle(services, bob.viewer, article('tech1-3').id);
  await likeArticle(services, bob.viewer, article('bobs-0').id);
  await starArticle(services, bob.viewer, article('tech1-0').id);
  await starArticle(services, bob.viewer, article('bobs-0').id);

  const subscribed = new Set([feeds.tech1.id, feeds.tech2.id, feeds.news.id]);
  const inTech = new Set([feeds.tech1.id, feeds.tech2.id]);
  // Liked and starred rows outlive the subscription; the other lists hold only subscribed feeds.
  const kept = (filter: ArticleFilter) => filter === 'liked' || filter === 'starred';

  type Scope = { name: string; input: Record<string, unknown>; feeds: (feedId: string, filter: ArticleFilter) => boolean };
  const scopes: Scope[] = [
    { name: 'everything', input: {}, feeds: (feedId, filter) => kept(filter) || subscribed.has(feedId) },
    ...(['tech1', 'news', 'bobs', 'left'] as const).map((name) => ({
      name: `feed ${name}`,
      input: { feedId: feeds[name].id },
      feeds: (feedId: string, filter: ArticleFilter) => feedId === feeds[name].id && (kept(filter) || subscribed.has(feedId)),
    })),
    { name: 'folder Tech', input: { folderId: tech.id }, feeds: (feedId: string) => inTech.has(feedId) },
    { name: 'an empty folder', input: { folderId: empty.id }, feeds: () => false },
  ];

  /** What Ada's list must hold, computed from what the test did rather than from the database. */
  function expected(filter: Exclude<ArticleFilter, 'circle' | 'hidden'>, scope: Scope, beforeDate: Date | null, search: string | null) {
    return newestFirst(
      all.filter(
        (candidate) =>
          scope.feeds(candidate.feedId, filter) &&
          { unread: !read.includes(candidate.id), all: true, liked: liked.includes(candidate.id), starred: starred.includes(candidate.id) }[
            filter
          ] &&
          (beforeDate === null || candidate.publishedAt < beforeDate) &&
          (search === null || quantum.has(candidate.id)),
      ),
    ).map((candidate) => candidate.key);
  }
  const keyOf = (id: string) => all.find((candidate) => candidate.id === id)?.key ?? `unknown ${id}`;

  const cases = (['unread', 'all', 'liked', 'starred'] as const).flatMap((filter) =>
    scopes.flatMap((scope) =>
      [null, TIE, JUST_AFTER_TIE].flatMap((beforeDate) => [null, 'quantum'].map((search) => ({ filter, scope, beforeDate, search }))),
    ),
  );

  it.each(cases)(
    'lists $filter in $scope.name (beforeDate $beforeDate, search $search): the right articles, newest first, in pages of 2 and 100, counted',
    async ({ filter, scope, beforeDate, search }) => {
      const input = { filter, ...scope.input, beforeDate, search };
      const want = expected(filter, scope, beforeDate, search);

      const walk = await walkArticles(services, ada.viewer, input, 2);
      expect(walk.ids.map(keyOf)).toEqual(want);
      expect(walk.pages).toBe(Math.max(1, Math.ceil(want.length / 2)));
      const whole = await page(ada.viewer, { ...input, first: 100 });
      expect(idsOf(whole.articles).map(keyOf)).toEqual(want);
      expect(whole.hasNextPage).toBe(false);
      expect(await count(ada.viewer, input)).toBe(want.length);
    },
  );

  it('has a world where the matrix cannot pass vacuously: ties at the boundary instant, several pages, every kind of article', () => {
    const atTie = all.filter((candidate) => candidate.publishedAt.getTime() === TIE.getTime() && subscribed.has(candidate.feedId));
    expect(atTie.length).toBeGreaterThanOrEqual(3);
    const tiedKeys = atTie.map((candidate) => candidate.key).sort();
    expect(expected('all', scopes[0]!, TIE, null).filter((key) => tiedKeys.includes(key))).toEqual([]);
    const upToTie = expected('all', scopes[0]!, JUST_AFTER_TIE, null);
    expect(upToTie.slice(0, atTie.length).sort()).toEqual(tiedKeys);
    expect(expected('all', scopes[0]!, null, null)).toHaveLength(all.length - 8);
    expect(expected('unread', scopes[0]!, null, 'quantum').length).toBeGreaterThan(2);
    expect(expected('liked', scopes[0]!, null, null)).toHaveLength(liked.length);
    expect(expected('starred', scopes[0]!, null, null)).toHaveLength(starred.length);
    expect(expected('starred', scopes[0]!, JUST_AFTER_TIE, 'quantum').length).toBeGreaterThan(0);
  });

  it('defaults to unread articles of every feed of the viewer, newest first, when nothing is asked', async () => {
    const { articles } = await listArticles(services, await articleQuery(services, ada.viewer, undefined));
    expect(idsOf(articles).map(keyOf)).toEqual(expected('unread', scopes[0]!, null, null));
  });

  it('orders articles with the same publishedAt by id, newest id first', async () => {
    const { articles } = await page(ada.viewer, { filter: 'all', beforeDate: JUST_AFTER_TIE });
    const tied = articles.filter((candidate) => candidate.publishedAt.getTime() === TIE.getTime());
    expect(tied.length).toBe(4);
    expect(idsOf(tied)).toEqual([...idsOf(tied)].sort().reverse());
    expect(articles.slice(0, tied.length)).toEqual(tied);
  });

  it("shows each viewer only their own feeds and their own state: Bob's list is his", async () => {
    const bobFeeds = new Set([feeds.tech1.id, feeds.bobs.id]);
    const bobAll = newestFirst(all.filter((candidate) => bobFeeds.has(candidate.feedId))).map((candidate) => candidate.key);
    expect((await walkArticles(services, bob.viewer, { filter: 'all' }, 3)).ids.map(keyOf)).toEqual(bobAll);
    expect((await walkArticles(services, bob.viewer, { filter: 'unread' }, 3)).ids.map(keyOf)).toEqual(
      bobAll.filter((key) => key !== 'tech1-0'),
    );
    expect(idsOf((await page(bob.viewer, { filter: 'liked' })).articles).map(keyOf)).toEqual(['bobs-0', 'tech1-3']);
    expect(idsOf((await page(bob.viewer, { filter: 'starred' })).articles).map(keyOf)).toEqual(['tech1-0', 'bobs-0']);
    const adaAll = (await walkArticles(services, ada.viewer, { filter: 'all' }, 100)).ids;
    expect(adaAll.map(keyOf).filter((key) => key.startsWith('bobs-') || key.startsWith('left-'))).toEqual([]);
  });

  it("answers each article with the viewer's own state", async () => {
    const { articles } = await page(ada.viewer, { filter: 'all', feedId: feeds.tech1.id });
    const state = Object.fromEntries(
      articles.map((candidate) => [keyOf(candidate.id), [candidate.isRead, candidate.isLiked, candidate.starred]]),
    );
    expect(state['tech1-0']).toEqual([false, true, false]);
    expect(state['tech1-1']).toEqual([true, true, true]);
    expect(state['tech1-3']).toEqual([false, false, false]);
    const bobs = await page(bob.viewer, { filter: 'all', feedId: feeds.tech1.id });
    const bobState = Object.fromEntries(bobs.articles.map((candidate) => [keyOf(candidate.id), [candidate.isRead, candidate.isLiked]]));
    expect(bobState['tech1-0']).toEqual([true, false]);
    expect(bobState['tech1-3']).toEqual([false, true]);
  });

  it('counts the whole list whatever page a cursor points at', async () => {
    const first = await page(ada.viewer, { filter: 'all', first: 3 });
    const total = expected('all', scopes[0]!, null, null).length;
    expect(await count(ada.viewer, { filter: 'all', first: 3, after: first.endCursor })).toBe(total);
  });

  describe('refuses', () => {
    const missing = '0190a000-0000-7000-8000-000000000000';
    const cursorOf = (text: string) => Buffer.from(text).toString('base64url');
    it.each([
      [
        'a feed and a folder together',
        () => ({ feedId: feeds.tech1.id, folderId: tech.id }),
        InvalidInputError,
        'Choose a feed or a folder, not both',
      ],
      ['an unknown feed', () => ({ feedId: missing }), NotFoundError, 'Feed not found'],
      ['a malformed feed id', () => ({ feedId: 'not-a-uuid' }), NotFoundError, 'Feed not found'],
      ['a feed id that is not text', () => ({ feedId: 42 }), NotFoundError, 'Feed not found'],
      ["another user's folder", () => ({ folderId: bobsFolder.id }), NotFoundError, 'Folder not found'],
      ['an unknown folder', () => ({ folderId: missing }), NotFoundError, 'Folder not found'],
      ['a malformed folder id', () => ({ folderId: '../etc' }), NotFoundError, 'Folder not found'],
      ['a cursor it did not make', () => ({ after: 'garbage!' }), InvalidInputError, 'Invalid cursor'],
      ['a cursor with a bad date', () => ({ after: cursorOf(`yesterday|${missing}`) }), InvalidInputError, 'Invalid cursor'],
      [
        'a cursor with a bad id',
        () => ({ after: cursorOf(`${T0.toISOString()}|1; DROP TABLE "Article"`) }),
        InvalidInputError,
        'Invalid cursor',
      ],
      ['a cursor that is not text', () => ({ after: 7 }), InvalidInputError, 'Invalid cursor'],
      ['a search of 201 characters', () => ({ search: 'q'.repeat(201) }), InvalidInputError, 'Search must be at most 200 characters'],
      ['a search that is not text', () => ({ search: ['quantum'] }), InvalidInputError, 'Search must be text'],
      ['a limit of 0', () => ({ first: 0 }), InvalidInputError, 'Limit must be at least 1'],
      ['a negative limit', () => ({ first: -1 }), InvalidInputError, 'Limit must be at least 1'],
      ['a fractional limit', () => ({ first: 2.5 }), InvalidInputError, 'Limit must be a whole number'],
      ['a limit that is not a number', () => ({ first: Number('abc') }), InvalidInputError, 'Limit must be a number'],
      ['an unknown filter', () => ({ filter: 'saved' }), InvalidInputError, 'Filter must be unread, all, liked, starred, circle or hidden'],
      ['a beforeDate that is no date', () => ({ beforeDate: 'last tuesday' }), InvalidInputError, 'beforeDate must be a date'],
      ['an input that is not an object', () => 'unread', InvalidInputError, 'The request body must be a JSON object'],
    ])('%s', async (_name, input, type, message) => {
      const error = await refusal(articleQuery(services, ada.viewer, input()));
      expect(error).toBeInstanceOf(type);
      expect(error.message).toBe(message);
    });
  });

  it('accepts a search of exactly 200 characters, trimmed, and treats a blank search as none', async () => {
    await expect(articleQuery(services, ada.viewer, { search: `  ${'q'.repeat(200)}  ` })).resolves.toMatchObject({
      search: 'q'.repeat(200),
    });
    const blank = await page(ada.viewer, { filter: 'all', search: '   ' });
    expect(idsOf(blank.articles).map(keyOf)).toEqual(expected('all', scopes[0]!, null, null));
  });
});

describe('paging through 250 articles', async () => {
  const {
    reader: cleo,
    folder,
    feeds: [p1, p2, p3],
  } = await readerWithFolder(services, 'Daily');
  // Interleaved in time across the three feeds, every fourth minute shared by two articles.
  const specs = Array.from({ length: 250 }, (_, i) => ({
    feed: [p1, p2, p3][i % 3]!,
    publishedAt: at(-Math.floor(i * 0.75)),
    title: `Bulk ${i}`,
  }));
  const stored: StoredArticle[] = [];
  for (const feed of [p1, p2, p3])
    stored.push(
      ...(await publish(
        services,
        feed.id,
        specs.filter((spec) => spec.feed === feed),
      )),
    );
  const readIds = new Set(stored.filter((_, i) => i % 5 === 0).map((a) => a.id));
  const likedIds = new Set(stored.filter((_, i) => i % 3 === 0).map((a) => a.id));
  for (const id of readIds) await markArticleRead(services, cleo.viewer, id);
  await Promise.all([...likedIds].map((id) => likeArticle(services, cleo.viewer, id)));
  const starredIds = new Set(stored.filter((_, i) => i % 4 === 1).map((a) => a.id));
  await Promise.all([...starredIds].map((id) => starArticle(services, cleo.viewer, id)));

  const scopes = [
    { name: 'everything', input: {}, feeds: [p1.id, p2.id, p3.id] },
    { name: 'one feed', input: { feedId: p2.id }, feeds: [p2.id] },
    { name: 'one folder', input: { folderId: folder.id }, feeds: [p1.id, p2.id] },
  ];
  const cases = (['unread', 'all', 'liked', 'starred'] as const).flatMap((filter) =>
    scopes.flatMap((scope) => [7, 100].map((size) => ({ filter, scope, size }))),
  );

  it.each(cases)('walks $filter in $scope.name in pages of $size: every article once, in order', async ({ filter, scope, size }) => {
    const want = newestFirst(
      stored.filter(
        (a) =>
          scope.feeds.includes(a.feedId) &&
          { unread: !readIds.has(a.id), all: true, liked: likedIds.has(a.id), starred: starredIds.has(a.id) }[filter],
      ),
    ).map((a) => a.id);
    const walk = await walkArticles(services, cleo.viewer, { filter, ...scope.input }, size);
    expectNoDuplicates(walk.ids);
    expect(walk.ids).toEqual(want);
    expect(walk.pages).toBe(Math.ceil(want.length / size));
  });

  it('holds at most 100 articles in a page, however many are asked for', async () => {
    const { articles, hasNextPage } = await page(cleo.viewer, { filter: 'all', first: 500 });
    expect(articles).toHaveLength(100);
    expect(hasNextPage).toBe(true);
    expect((await page(cleo.viewer, { filter: 'all' })).articles).toHaveLength(100);
  });

  it('answers an empty last page after a cursor past the end', async () => {
    const oldest = newestFirst(stored).at(-1)!;
    const after = await page(cleo.viewer, { filter: 'all', after: encodeKeyset({ time: oldest.publishedAt, id: oldest.id }) });
    expect(after).toEqual({ articles: [], cursors: [], hasNextPage: false, endCursor: null });
  });
});

describe('a walk while things change', () => {
  async function readerWithFeed(size: number) {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    const stored = await publish(services, feed.id, timeline(size, { newest: T0 }));
    return { reader, feed, stored };
  }

  it.each(['all', 'unread'] as const)(
    'in %s: newer articles that arrive mid-walk stay out of it, older ones appear in it, none twice',
    async (filter) => {
      const { reader, feed, stored } = await readerWithFeed(30);
      let arrivals: Record<'newer' | 'behind' | 'ahead' | 'older', StoredArticle> | undefined;
      const walk = await walkArticles(services, reader.viewer, { filter }, 7, async (pageNumber) => {
        if (pageNumber !== 2) return;
        // The cursor now sits on the 14th article (at T0 - 13 min).
        const [newer, behind, ahead, older] = await publish(services, feed.id, [
          { publishedAt: at(60), title: 'Newer than all' },
          { publishedAt: at(-4.5), title: 'Behind the cursor' },
          { publishedAt: at(-20.5), title: 'Ahead of the cursor' },
          { publishedAt: at(-24 * 60), title: 'Older than all' },
        ]);
        arrivals = { newer: newer!, behind: behind!, ahead: ahead!, older: older! };
      });
      expectNoDuplicates(walk.ids);
      expect(walk.ids).toEqual(idsOf(newestFirst([...stored, arrivals!.ahead, arrivals!.older])));
      const again = await walkArticles(services, reader.viewer, { filter }, 7);
      expect(again.ids).toEqual(idsOf(newestFirst([...stored, ...Object.values(arrivals!)])));
    },
  );

  it('in unread: articles marked read mid-walk are skipped if not yet shown, and nothing is shown twice', async () => {
    const { reader, stored } = await readerWithFeed(40);
    const readAhead = [stored[10]!, stored[20]!, stored[39]!];
    const walk = await walkArticles(services, reader.viewer, { filter: 'unread' }, 7, async (pageNumber) => {
      if (pageNumber !== 1) return;
      for (const seen of [stored[0]!, stored[6]!]) await markArticleRead(services, reader.viewer, seen.id);
      for (const upcoming of readAhead) await markArticleRead(services, reader.viewer, upcoming.id);
    });
    expectNoDuplicates(walk.ids);
    expect(walk.ids).toEqual(idsOf(stored.filter((a) => !readAhead.includes(a))));
  });

  it('in liked: articles unliked mid-walk are skipped if not yet shown', async () => {
    const { reader, stored } = await readerWithFeed(20);
    for (const a of stored) await likeArticle(services, reader.viewer, a.id);
    const walk = await walkArticles(services, reader.viewer, { filter: 'liked' }, 5, async (pageNumber) => {
      if (pageNumber === 1) await unlikeArticle(services, reader.viewer, stored[12]!.id);
    });
    expect(walk.ids).toEqual(idsOf(stored.filter((_, i) => i !== 12)));
  });

  it('unsubscribing mid-walk empties the rest of an unread or all walk of that feed', async () => {
    const { reader, feed, stored } = await readerWithFeed(15);
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: feed.id } });
    const first = await page(reader.viewer, { filter: 'all', first: 5 });
    await unsubscribe(services, reader.viewer, subscription.id);
    expect(idsOf(first.articles)).toEqual(idsOf(stored.slice(0, 5)));
    expect((await page(reader.viewer, { filter: 'all', after: first.endCursor })).articles).toEqual([]);
    expect((await page(reader.viewer, { filter: 'unread', after: first.endCursor })).articles).toEqual([]);
  });
});

describe('a reader with no subscriptions', () => {
  it('gets empty lists, not errors, in every filter', async () => {
    const reader: Reader = await newReader(services);
    for (const filter of ['unread', 'all', 'liked', 'starred', 'circle']) {
      expect(await page(reader.viewer, { filter })).toEqual({ articles: [], cursors: [], hasNextPage: false, endCursor: null });
      expect(await count(reader.viewer, { filter })).toBe(0);
    }
  });
});

describe('counting up to a number', () => {
  it('stops past upTo, answering one more, in every list and both ways a search reads; refuses a bad upTo', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    const stored = await publish(services, feed.id, timeline(12, { newest: T0 }));
    for (const article of stored.slice(0, 4)) await likeArticle(services, reader.viewer, article.id);
    await markArticleRead(services, reader.viewer, stored[0]!.id);
    const counted = async (input: Record<string, unknown>, upTo: unknown) =>
      countArticles(services, await articleQuery(services, reader.viewer, input), upTo);
    for (const way of ['steps', 'words'] as const) {
      searchWayForTests.forced = way;
      for (const [input, whole] of [
        [{ filter: 'all' }, 12],
        [{ filter: 'unread' }, 11],
        [{ filter: 'liked' }, 4],
        [{ filter: 'all', search: 'story' }, 12],
        [{ filter: 'unread', search: 'story' }, 11],
        [{ filter: 'liked', search: 'story' }, 4],
        [{ filter: 'unread', search: 'nowhere' }, 0],
      ] as const) {
        expect(await counted(input, null)).toBe(whole);
        expect(await counted(input, 3)).toBe(Math.min(whole, 4));
        expect(await counted({ ...input, after: encodeKeyset({ time: T0, id: stored[0]!.id }) }, 10)).toBe(Math.min(whole, 11));
        expect(await counted(input, 100)).toBe(whole);
      }
    }
    searchWayForTests.forced = null;
    for (const upTo of [0, 1.5, 10_001, '5', true]) {
      const error = await refusal(counted({ filter: 'all' }, upTo));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.message).toBe('upTo must be a whole number from 1 to 10000');
    }
  });
});

describe('which connections plan a list', () => {
  /** The services, with the statements each pool of the reads that tolerate lag (lists) ran counted. */
  function countingPools() {
    const ran = { generic: 0, custom: 0 };
    /** Whether each statement run on the generic pool was named (so prepared and planned once per connection), and its text. */
    const named: boolean[] = [];
    const texts: string[] = [];
    const counted = <T extends object>(client: T, pool: keyof typeof ran): T =>
      new Proxy(client, {
        get(target, property) {
          const value = Reflect.get(target, property) as unknown;
          if (property !== '$queryRaw' || typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            ran[pool] += 1;
            // Called as a tag, or with a statement (queryRows, which sends one through Prisma for a client it did not make).
            const [strings, ...values] = args as [TemplateStringsArray | Prisma.Sql, ...unknown[]];
            const sql = strings instanceof Prisma.Sql ? strings : Prisma.sql(strings, ...values);
            if (pool === 'generic') named.push(statementName(sql.text, sql.values.length) !== undefined);
            texts.push(sql.text);
            return (value as (...args: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    return {
      ran,
      named,
      texts,
      services: {
        ...services,
        readDb: counted(services.readDb, 'custom'),
        genericPlanReadDb: counted(services.genericPlanReadDb, 'generic'),
      },
    };
  }

  it('plans every page once (generic plans): a first page, a page after a cursor or before a date, of every list and search', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    await publish(services, feed.id, timeline(3, { newest: T0 }));
    const pools = countingPools();
    const list = async (input: Record<string, unknown>) => {
      pools.ran.generic = pools.ran.custom = 0;
      const result = await listArticles(pools.services, await articleQuery(pools.services, reader.viewer, input));
      return { result, ran: { ...pools.ran } };
    };
    const first = await list({ filter: 'all', first: 2 });
    expect(first.result.articles).toHaveLength(2);
    expect(first.ran).toEqual({ generic: 1, custom: 0 });
    expect((await list({ filter: 'unread', feedId: feed.id })).ran).toEqual({ generic: 1, custom: 0 });
    const next = await list({ filter: 'unread', first: 2, after: first.result.endCursor });
    expect(next.result.articles).toHaveLength(1);
    expect(next.ran).toEqual({ generic: 1, custom: 0 });
    expect((await list({ filter: 'unread', beforeDate: T0.toISOString() })).ran).toEqual({ generic: 1, custom: 0 });
    for (const filter of ['liked', 'starred'] as const) {
      expect((await list({ filter, first: 2, after: first.result.endCursor })).ran).toEqual({ generic: 1, custom: 0 });
    }
    // A search is planned once either way it reads, its first page and the next.
    for (const way of ['steps', 'words'] as const) {
      searchWayForTests.forced = way;
      const search = await list({ filter: 'all', search: 'story', first: 2 });
      expect(search.result.articles).toHaveLength(2);
      expect(search.ran).toEqual({ generic: 1, custom: 0 });
      // The unread list's search reads how far back that list reaches in the same statement.
      const unread = await list({ filter: 'unread', search: 'story', first: 2, after: search.result.endCursor });
      expect(unread.result.articles).toHaveLength(1);
      expect(unread.ran).toEqual({ generic: 1, custom: 0 });
    }
    searchWayForTests.forced = null;
    const deep = await list({ filter: 'all', first: 2, after: first.result.endCursor });
    expect(deep.result.articles).toHaveLength(1);
    expect(deep.ran).toEqual({ generic: 1, custom: 0 });
    expect((await list({ filter: 'all', beforeDate: T0.toISOString() })).ran).toEqual({ generic: 1, custom: 0 });
  });
  it('sends every search page as a named statement, whatever its list, scope and start', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    const folder = await newFolder(services, reader.id);
    await follow(services, reader.id, feed.id, { folderId: folder.id });
    await publish(services, feed.id, timeline(3, { newest: T0 }));
    const pools = countingPools();
    for (const way of ['steps', 'words'] as const) {
      searchWayForTests.forced = way;
      for (const filter of ['all', 'unread', 'liked', 'starred', 'hidden'] as const) {
        for (const scope of [{}, { feedId: feed.id }, { folderId: folder.id }]) {
          for (const start of [{}, { beforeDate: T0.toISOString() }, { after: encodeKeyset({ time: T0, id: feed.id }) }]) {
            const input = { filter, search: 'story', first: 2, ...scope, ...start };
            await listArticles(pools.services, await articleQuery(pools.services, reader.viewer, input));
          }
        }
      }
    }
    searchWayForTests.forced = null;
    expect(pools.named.length).toBeGreaterThanOrEqual(90);
    expect(pools.named.every(Boolean)).toBe(true);
  });
  it('writes a page of any size as the statement of one of a few sizes, and answers the size asked for', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    await publish(services, feed.id, timeline(12, { newest: T0 }));
    const pools = countingPools();
    const sizes = [2, 7, 10, 11, 12, 30];
    const pages = [];
    for (const first of sizes)
      pages.push(await listArticles(pools.services, await articleQuery(pools.services, reader.viewer, { filter: 'unread', first })));
    expect(pages.map((page) => [page.articles.length, page.hasNextPage])).toEqual([
      [2, true],
      [7, true],
      [10, true],
      [11, true],
      [12, false],
      [12, false],
    ]);
    // 2, 7 and 10 are pages of 10; 11, 12 and 30 of 30.
    expect(new Set(pools.texts).size).toBe(2);
  });
});
