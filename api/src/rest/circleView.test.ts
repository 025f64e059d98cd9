import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, type Reader } from '../../test/articleFixtures.ts';
import { startCountingServer } from '../../test/statementLog.ts';
import { startTestServer } from '../../test/server.ts';
import { articleQuery } from '../domain/articles/articleQuery.ts';
import { countArticles, listArticles } from '../domain/articles/listArticles.ts';
import { createComment } from '../domain/social/comments.ts';
import { follow as followPerson } from '../domain/social/follows.ts';
import { shareArticle } from '../domain/social/shares.ts';
import type { Services } from '../domain/core/services.ts';

// The signals are dated around a fixed noon (UTC), so the view's first key, the day of a story's latest signal,
// does not hang on when the test runs.
const NOON = new Date('2025-06-10T12:00:00.000Z');
const hoursBefore = (hours: number) => new Date(NOON.getTime() - hours * 3_600_000);

// Ann follows Ben, Cat, Eve and Fay; Dan she does not follow. She subscribes to the paper, not to the wire, and the
// wire carries a copy of one of the paper's stories.
describe('GET /api/articles?filter=circle: what the people you follow shared or commented on', async () => {
  const server = await startCountingServer();
  const { services, log } = server;
  const [ann, ben, cat, dan, eve, fay] = await Promise.all(Array.from({ length: 6 }, () => newReader(services)));
  for (const person of [ben, cat, eve, fay] as Reader[]) await followPerson(services, ann!.viewer, person.id);
  const [paper, wire] = [await newFeed(services, { title: 'The Paper' }), await newFeed(services, { title: 'The Wire' })];
  await follow(services, ann!.id, paper.id);
  const [two, privately, tieA, tieB, story, dans, own, untouched] = await publish(services, paper.id, [
    { publishedAt: hoursBefore(100), title: 'Two people' },
    { publishedAt: hoursBefore(100), title: 'Shared privately' },
    { publishedAt: hoursBefore(100), title: 'Tie A' },
    { publishedAt: hoursBefore(100), title: 'Tie B' },
    { publishedAt: hoursBefore(100), title: 'Bridge reopens', url: 'https://paper.example/city/bridge-reopens' },
    { publishedAt: hoursBefore(100), title: 'Only Dan' },
    { publishedAt: hoursBefore(100), title: 'Only Ann' },
    { publishedAt: hoursBefore(100), title: 'Nobody' },
  ]);
  const [elsewhere, storyCopy, old] = await publish(services, wire.id, [
    { publishedAt: hoursBefore(100), title: 'From a feed Ann does not read' },
    {
      publishedAt: hoursBefore(99),
      title: 'Bridge reopens after repairs',
      url: 'https://www.paper.example/city/bridge-reopens?utm_source=wire',
    },
    { publishedAt: hoursBefore(100), title: 'Old news' },
  ]);

  const shareAt = async (person: Reader, articleId: string, hours: number, isPublic = true) => {
    const share = await shareArticle(services, person.viewer, { articleId, isPublic });
    await services.db.share.update({ where: { id: share.id }, data: { createdAt: hoursBefore(hours) } });
  };
  const commentAt = async (person: Reader, articleId: string, hours: number) => {
    const comment = await createComment(services, person.viewer, { articleId, content: 'Worth a read.' });
    await services.db.comment.update({ where: { id: comment.id }, data: { createdAt: hoursBefore(hours) } });
  };
  // Today: two people on `two`; one each on `elsewhere`, `privately` and the two ties (the same instant).
  await shareAt(ben!, two!.id, 1);
  await commentAt(cat!, two!.id, 3);
  await shareAt(ann!, two!.id, 0.1);
  await commentAt(cat!, elsewhere!.id, 0.5);
  await shareAt(ben!, privately!.id, 2, false);
  await shareAt(fay!, tieA!.id, 4);
  await shareAt(fay!, tieB!.id, 4);
  // Yesterday: three people on the story, over both its copies.
  await shareAt(ben!, story!.id, 26);
  await shareAt(cat!, storyCopy!.id, 25);
  await commentAt(eve!, story!.id, 27);
  // The day before: one person.
  await shareAt(eve!, old!.id, 50);
  // Not signals for Ann: Dan's (she does not follow him, public or not) and her own.
  await shareAt(dan!, dans!.id, 0.2);
  await commentAt(dan!, dans!.id, 0.2);
  await shareAt(dan!, untouched!.id, 0.3, false);
  await shareAt(ann!, own!.id, 0.2);
  await commentAt(ann!, own!.id, 0.2);

  const ties = [tieA!, tieB!].sort((a, b) => (a.id < b.id ? 1 : -1));
  /** The documented order: day of the latest signal, then people, then the latest signal, then story id. */
  const expected = [two!, elsewhere!, privately!, ...ties, story!, old!].map((article) => article.id);

  const page = (query: string) => server.rest('GET', `/articles?filter=circle${query}`, { token: ann!.token });

  it('lists the stories the people Ann follows shared or commented on, from any feed, in the documented order', async () => {
    const { status, body } = await page('');
    expect(status).toBe(200);
    expect(body.articles.map((article: { id: string }) => article.id)).toEqual(expected);
    expect(body.nextCursor).toBeNull();
  });

  it('shows a story once, as the copy of the feed Ann reads, with the people of both copies', async () => {
    const { body } = await page('');
    const rows = body.articles.filter((article: { id: string }) => article.id === story!.id || article.id === storyCopy!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(story!.id);
    expect(rows[0].circle.sharedBy.map((person: { id: string }) => person.id)).toEqual([cat!.id, ben!.id]);
    expect(rows[0].circle.commentedBy.map((person: { id: string }) => person.id)).toEqual([eve!.id]);
    const fromWire = body.articles.find((article: { id: string }) => article.id === elsewhere!.id);
    expect(fromWire.circle.commentedBy.map((person: { id: string }) => person.id)).toEqual([cat!.id]);
  });

  it('pages by its own cursor over three pages, with no row twice and none left out', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const { status, body } = await page(`&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(status).toBe(200);
      sizes.push(body.articles.length);
      seen.push(...body.articles.map((article: { id: string }) => article.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual(expected);
  });

  it('counts its stories and pages the same through GraphQL', async () => {
    const query = `query($after: String) { articles(filter: CIRCLE, first: 3, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id } } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const { body } = await server.graphql(query, { after }, ann!.token);
      expect(body.errors).toBeUndefined();
      const connection = body.data.articles;
      expect(connection.totalCount).toBe(expected.length);
      seen.push(...connection.edges.map((edge: { node: { id: string } }) => Buffer.from(edge.node.id, 'base64').toString().split(':')[1]));
      expect(connection.edges.at(-1)?.cursor ?? null).toBe(connection.pageInfo.endCursor);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
  });

  it('is empty for someone who follows nobody, and leaves the other lists as they were', async () => {
    const { body } = await server.rest('GET', '/articles?filter=circle', { token: dan!.token });
    expect(body).toEqual({ articles: [], nextCursor: null });
    const all = await server.rest('GET', '/articles', { token: ann!.token });
    expect(all.body.articles.map((article: { id: string }) => article.id)).not.toContain(elsewhere!.id);
  });

  it('refuses a scope, a search, a date, another filter flag, an unknown filter and a cursor of another list', async () => {
    const dateCursor = (await server.rest('GET', '/articles?limit=1', { token: ann!.token })).body.nextCursor;
    for (const query of [
      `&feedId=${paper.id}`,
      '&search=bridge',
      '&beforeDate=2025-06-10T00:00:00Z',
      '&unread=true',
      `&cursor=${dateCursor}`,
    ]) {
      const { status, body } = await page(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toBeTruthy();
    }
    expect((await server.rest('GET', '/articles?filter=popular', { token: ann!.token })).status).toBe(400);
  });

  it('costs one statement for the ranked page and one for its views, whatever the page size or position; one to count', async () => {
    const statements = async (input: Record<string, unknown>) => {
      const query = await articleQuery(services, ann!.viewer, { filter: 'circle', ...input });
      return (await log.during(() => listArticles(services, query))).statements;
    };
    const small = await statements({ first: 1 });
    const large = await statements({ first: 100 });
    const second = await statements({
      first: 3,
      after: (await listArticles(services, await articleQuery(services, ann!.viewer, { filter: 'circle', first: 3 }))).endCursor,
    });
    expect(small).toHaveLength(2);
    expect(large).toHaveLength(2);
    expect(second).toHaveLength(2);
    const query = await articleQuery(services, ann!.viewer, { filter: 'circle' });
    const counted = await log.during(() => countArticles(services, query));
    expect(counted.result).toBe(expected.length);
    expect(counted.statements).toHaveLength(1);
    const countedUpTo = await log.during(() => countArticles(services, query, 2));
    expect(countedUpTo.result).toBe(3);
    expect(countedUpTo.statements).toHaveLength(1);
  });

  it('counts up to upTo: one more once the stories of the newest signals, or all of them, pass it; else every story', async () => {
    const query = await articleQuery(services, ann!.viewer, { filter: 'circle' });
    const counts = [];
    for (let upTo = 1; upTo <= expected.length + 1; upTo++) counts.push(await countArticles(services, query, upTo));
    expect(counts).toEqual(Array.from({ length: expected.length + 1 }, (_, i) => Math.min(i + 2, expected.length)));
    const { body } = await server.graphql('{ articles(filter: CIRCLE, first: 1) { totalCount(upTo: 3) } }', {}, ann!.token);
    expect(body.data.articles.totalCount).toBe(4);
    const nobody = await articleQuery(services, dan!.viewer, { filter: 'circle' });
    expect(await countArticles(services, nobody, 1)).toBe(0);
  });
});

describe('the Circle view weighs the people the reader is close to', async () => {
  const server = await startCountingServer();
  const { services } = server;
  const [vic, pat, quinn] = await Promise.all(Array.from({ length: 3 }, () => newReader(services)));
  for (const person of [pat, quinn] as Reader[]) await followPerson(services, vic!.viewer, person.id);
  const feed = await newFeed(services);
  const [earlier, fromPat, fromQuinn] = await publish(services, feed.id, [
    // Published recently: only the reader's likes of the last 90 days make a person close.
    { publishedAt: new Date(Date.now() - 24 * 3_600_000), title: 'Pat shared this long ago' },
    { publishedAt: hoursBefore(100), title: 'From Pat' },
    { publishedAt: hoursBefore(100), title: 'From Quinn' },
  ]);
  const shareAt = async (person: Reader, articleId: string, hours: number) => {
    const share = await shareArticle(services, person.viewer, { articleId, isPublic: true });
    await services.db.share.update({ where: { id: share.id }, data: { createdAt: hoursBefore(hours) } });
  };
  await shareAt(pat!, earlier!.id, 150);
  await shareAt(pat!, fromPat!.id, 3);
  await shareAt(quinn!, fromQuinn!.id, 1);
  const titles = async () =>
    (await server.rest('GET', '/articles?filter=circle', { token: vic!.token })).body.articles.map((a: { title: string }) => a.title);

  it('ranks by the latest signal among equals, and a close person’s share first once the reader liked one of theirs', async () => {
    expect((await titles()).slice(0, 2)).toEqual(['From Quinn', 'From Pat']);
    await server.rest('POST', `/articles/${earlier!.id}/like`, { token: vic!.token });
    expect((await titles()).slice(0, 2)).toEqual(['From Pat', 'From Quinn']);
    const first = await server.rest('GET', '/articles?filter=circle&limit=1', { token: vic!.token });
    const rest = await server.rest('GET', `/articles?filter=circle&limit=5&cursor=${first.body.nextCursor}`, { token: vic!.token });
    expect(rest.body.articles.map((a: { title: string }) => a.title)).toEqual(['From Quinn', 'Pat shared this long ago']);
  });
});

describe('the Circle view obeys the reader’s rules', async () => {
  const server = await startTestServer();
  const { services } = server;
  const [vic, pat] = await Promise.all(Array.from({ length: 2 }, () => newReader(services)));
  await followPerson(services, vic!.viewer, pat!.id);
  const [followed, unfollowed] = [await newFeed(services), await newFeed(services)];
  await follow(services, vic!.id, followed.id);
  const [mine] = await publish(services, followed.id, [{ publishedAt: hoursBefore(10), title: 'Crypto in my feed' }]);
  const [theirs, kept] = await publish(services, unfollowed.id, [
    { publishedAt: hoursBefore(10), title: 'Crypto elsewhere' },
    { publishedAt: hoursBefore(10), title: 'Gardening elsewhere' },
  ]);
  for (const article of [mine!, theirs!, kept!]) await shareArticle(services, pat!.viewer, { articleId: article.id, isPublic: true });
  const titles = async () =>
    (await server.rest('GET', '/articles?filter=circle', { token: vic!.token })).body.articles
      .map((a: { title: string }) => a.title)
      .sort();

  it('leaves out what a rule for everything hides, from the reader’s feeds and from others, and a feed rule only in its feed', async () => {
    expect(await titles()).toEqual(['Crypto elsewhere', 'Crypto in my feed', 'Gardening elsewhere']);
    const rule = await server.rest('POST', '/filters', {
      token: vic!.token,
      body: { pattern: 'crypto', fields: ['title'], action: 'hide' },
    });
    expect(await titles()).toEqual(['Gardening elsewhere']);
    await server.rest('PATCH', `/filters/${rule.body.filter.id}`, { token: vic!.token, body: { feedId: followed.id } });
    expect(await titles()).toEqual(['Crypto elsewhere', 'Gardening elsewhere']);
  });
});

/** A reader who follows one person, who shared an article (titled by its age) each of `ages` days ago. */
async function sharesDaysAgo(services: Services, ages: number[]): Promise<Reader> {
  const [reader, person] = await Promise.all(Array.from({ length: 2 }, () => newReader(services)));
  await followPerson(services, reader!.viewer, person!.id);
  const feed = await newFeed(services);
  const articles = await publish(
    services,
    feed.id,
    ages.map((days) => ({ publishedAt: hoursBefore(days * 24 + 1), title: `${days} days ago` })),
  );
  for (const [i, article] of articles.entries()) {
    const share = await shareArticle(services, person!.viewer, { articleId: article!.id, isPublic: true });
    await services.db.share.update({ where: { id: share.id }, data: { createdAt: hoursBefore(ages[i]! * 24) } });
  }
  return reader!;
}

describe('the Circle view reaches back as far as its pages need', async () => {
  const server = await startCountingServer();
  const { services, log } = server;
  const ages = [1, 3, 20, 40, 100, 400];
  const vic = await sharesDaysAgo(services, ages);

  it('pages over signals weeks and months apart, newest first, each row once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const statementsPerPage: number[] = [];
    do {
      const query = await articleQuery(services, vic.viewer, { filter: 'circle', first: 2, after: cursor });
      const { result, statements } = await log.during(() => listArticles(services, query));
      // The media proxy's signing key is made once, on the first page of the instance's first views.
      statementsPerPage.push(statements.filter((sql) => !/"InstanceSecret"/.test(sql)).length);
      seen.push(...result.articles.map((article) => article.title));
      cursor = result.hasNextPage ? result.endCursor : null;
    } while (cursor);
    expect(seen).toEqual(ages.map((days) => `${days} days ago`));
    // Then the views. The first page is found within eight weeks of the latest signal (the week before is not enough);
    // the second starts three days back, where eight weeks miss its third row; the last needs every signal.
    expect(statementsPerPage).toEqual([3, 4, 4]);
  });
});

describe("the Circle view reaches back as far as the first week's rate says, then further when that is short", async () => {
  const server = await startCountingServer();
  const { services, log } = server;
  // A page of two asks three rows: the week holds one, so the next attempt reads five weeks (35 days); it holds the
  // second, and eight weeks the third.
  const ages = [1, 30, 50, 200];
  const una = await sharesDaysAgo(services, ages);

  it('finds each page whole, newest first, in one ranked statement per attempt', async () => {
    const query = await articleQuery(services, una.viewer, { filter: 'circle', first: 2 });
    const { result, statements } = await log.during(() => listArticles(services, query));
    expect(result.articles.map((article) => article.title)).toEqual(['1 days ago', '30 days ago']);
    expect(result.hasNextPage).toBe(true);
    // The week, five weeks, eight weeks; then the views.
    expect(statements.filter((sql) => /^\s*WITH followed/.test(sql))).toHaveLength(3);
    const next = await articleQuery(services, una.viewer, { filter: 'circle', first: 2, after: result.endCursor });
    expect((await listArticles(services, next)).articles.map((article) => article.title)).toEqual(['50 days ago', '200 days ago']);
  });
});
