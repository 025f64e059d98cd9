import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, newestFirst, publish, timeline, unreadIds } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { markArticleRead, likeArticle, starArticle } from '../domain/articles/articleState.ts';
import { renameSubscription } from '../domain/subscriptions/subscriptions.ts';

const MISSING = '0190a000-0000-7000-8000-000000000000';
const T0 = new Date('2025-06-01T07:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(T0.getTime() - minutes * 60_000);

describe('REST /api/articles', async () => {
  const server = await startTestServer();
  const { services } = server;
  const ada = await newReader(services);
  const bob = await newReader(services);
  const folder = await newFolder(services, ada.id, 'Work');
  const bobsFolder = await newFolder(services, bob.id, 'Bob');
  const work = await newFeed(services, { title: 'Work feed' });
  const home = await newFeed(services, { title: 'Home feed' });
  const bobs = await newFeed(services, { title: 'Bob feed' });
  const workSubscription = await follow(services, ada.id, work.id, { folderId: folder.id });
  await follow(services, ada.id, home.id);
  await follow(services, bob.id, bobs.id, { folderId: bobsFolder.id });
  const workArticles = await publish(services, work.id, [
    {
      publishedAt: minutesAgo(0),
      title: 'Quarterly planning',
      content: '<p>Budgets <b>and</b> goals</p>',
      imageUrl: 'https://img.example.org/q.png',
    },
    { publishedAt: minutesAgo(10), title: 'Standup notes', author: 'Dee' },
    { publishedAt: minutesAgo(20), title: 'Offsite agenda' },
  ]);
  const homeArticles = await publish(services, home.id, [
    { publishedAt: minutesAgo(5), title: 'Garden planning' },
    { publishedAt: minutesAgo(10), title: 'Recipes' },
  ]);
  const [bobsArticle] = await publish(services, bobs.id, [{ publishedAt: minutesAgo(1), title: 'Bob planning' }]);
  await markArticleRead(services, ada.viewer, workArticles[1]!.id);
  await likeArticle(services, ada.viewer, homeArticles[1]!.id);
  await likeArticle(services, ada.viewer, bobsArticle!.id);
  await renameSubscription(services, ada.viewer, workSubscription.id, { title: 'Office' });

  const get = (query: string, token = ada.token) => server.rest('GET', `/articles${query}`, { token });
  const titles = (body: { articles: { title: string }[] }) => body.articles.map((article) => article.title);

  it('answers the spec’s article shape, without content, and no nextCursor on the last page', async () => {
    const response = await get(`?feedId=${work.id}`);
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(response.body.articles[0]).toEqual({
      id: workArticles[0]!.id,
      title: 'Quarterly planning',
      url: expect.stringMatching(/^https:\/\/reading\.example\.org\/articles\//),
      author: null,
      excerpt: 'Quarterly planning',
      imageUrl: 'https://img.example.org/q.png',
      enclosures: [],
      commentsUrl: null,
      unsubscribeUrl: null,
      publishedAt: T0.toISOString(),
      isRead: false,
      isLiked: false,
      starred: false,
      feed: { id: work.id, title: 'Office', url: work.url, siteUrl: null },
      storyId: workArticles[0]!.id,
      alsoIn: [],
      _count: { comments: 0, shares: 0, likes: 0 },
      circle: { sharedBy: [], commentedBy: [], sharedByCount: 0, commentedByCount: 0 },
    });
    expect(response.body.articles[1]).toMatchObject({ title: 'Standup notes', author: 'Dee', isRead: true });
  });

  it('lists unread with unread=true, liked with liked=true, and all with neither (the spec’s client sends one or none)', async () => {
    expect(titles((await get('?unread=true')).body)).toEqual(['Quarterly planning', 'Garden planning', 'Recipes', 'Offsite agenda']);
    expect(titles((await get('?liked=true')).body)).toEqual(['Bob planning', 'Recipes']);
    // Standup notes and Recipes share their publishedAt: the newer id comes first.
    const everything = newestFirst([...workArticles, ...homeArticles]).map((article) => article.title);
    expect(everything).toHaveLength(5);
    expect(titles((await get('')).body)).toEqual(everything);
    expect(titles((await get('?unread=false&liked=false')).body)).toEqual(titles((await get('')).body));
  });

  it('limits to one feed or one folder, and combines with search and beforeDate (strictly before)', async () => {
    expect(titles((await get(`?feedId=${home.id}`)).body)).toEqual(['Garden planning', 'Recipes']);
    expect(titles((await get(`?folderId=${folder.id}&unread=true`)).body)).toEqual(['Quarterly planning', 'Offsite agenda']);
    expect(titles((await get('?search=planning')).body)).toEqual(['Quarterly planning', 'Garden planning']);
    expect(titles((await get(`?search=planning&beforeDate=${encodeURIComponent(minutesAgo(4).toISOString())}`)).body)).toEqual([
      'Garden planning',
    ]);
    // Recipes, published at that very instant, was the last of the page before: it is not listed again.
    expect(titles((await get(`?beforeDate=${encodeURIComponent(minutesAgo(10).toISOString())}&unread=true`)).body)).toEqual([
      'Offsite agenda',
    ]);
    expect(titles((await get(`?folderId=${folder.id}&search=budgets`)).body)).toEqual(['Quarterly planning']);
  });

  it('gives an empty list for a feed the viewer does not follow, but shows its articles they liked under liked=true', async () => {
    expect(await get(`?feedId=${bobs.id}`)).toMatchObject({ status: 200, body: { articles: [], nextCursor: null } });
    expect(await get(`?feedId=${bobs.id}&unread=true`)).toMatchObject({ status: 200, body: { articles: [] } });
    expect(titles((await get(`?feedId=${bobs.id}&liked=true`)).body)).toEqual(['Bob planning']);
    expect(titles((await get('?search=planning', bob.token)).body)).toEqual(['Bob planning']);
  });

  it('lists exactly the viewer’s starred articles with starred=true, newest first, in keyset pages', async () => {
    const carol = await newReader(services);
    await follow(services, carol.id, home.id);
    await starArticle(services, ada.viewer, workArticles[2]!.id);
    await starArticle(services, ada.viewer, bobsArticle!.id);
    await starArticle(services, ada.viewer, homeArticles[1]!.id);
    await starArticle(services, bob.viewer, homeArticles[0]!.id);
    expect(titles((await get('?starred=true')).body)).toEqual(['Bob planning', 'Recipes', 'Offsite agenda']);
    expect((await get('?starred=true')).body.articles.every((article: { starred: boolean }) => article.starred)).toBe(true);
    const first = await get('?starred=true&limit=2');
    expect(titles(first.body)).toEqual(['Bob planning', 'Recipes']);
    const rest = await get(`?starred=true&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(rest.body).toMatchObject({ nextCursor: null });
    expect(titles(rest.body)).toEqual(['Offsite agenda']);
    expect(titles((await get(`?starred=true&feedId=${home.id}`)).body)).toEqual(['Recipes']);
    expect(titles((await get('?starred=true&search=planning')).body)).toEqual(['Bob planning']);
    expect(titles((await get('?starred=true', bob.token)).body)).toEqual(['Garden planning']);
    expect(titles((await get('?starred=true', carol.token)).body)).toEqual([]);
    expect(titles((await get('?starred=false&unread=true', carol.token)).body)).toEqual(['Garden planning', 'Recipes']);
  });

  it.each([
    ['limit=0', 400, 'Limit must be at least 1'],
    ['limit=-1', 400, 'Limit must be at least 1'],
    ['limit=abc', 400, 'Limit must be a number'],
    ['limit=2.5', 400, 'Limit must be a whole number'],
    ['limit=1&limit=2', 400, 'Limit must be a number'],
    ['search=a&search=b', 400, 'Search must be text'],
    ['unread=true&liked=true', 400, 'Choose one of unread, liked or starred'],
    ['liked=true&starred=true', 400, 'Choose one of unread, liked or starred'],
    ['starred=yes', 400, 'starred must be true or false'],
    ['unread=yes', 400, 'unread must be true or false'],
    ['liked=1', 400, 'liked must be true or false'],
    [`feedId=${MISSING}&folderId=${MISSING}`, 400, 'Choose a feed or a folder, not both'],
    ['cursor=not-a-cursor', 400, 'Invalid cursor'],
    [`search=${'s'.repeat(201)}`, 400, 'Search must be at most 200 characters'],
    ['beforeDate=someday', 400, 'beforeDate must be a date'],
    [`feedId=${MISSING}`, 404, 'Feed not found'],
    ['feedId=42', 404, 'Feed not found'],
    [`folderId=${MISSING}`, 404, 'Folder not found'],
    ['folderId=nope', 404, 'Folder not found'],
  ])('refuses ?%s with %i "%s"', async (query, status, error) => {
    expect(await get(`?${query}`)).toEqual(expect.objectContaining({ status, body: { error } }));
  });

  it("answers another user's folder with 404 'Folder not found'", async () => {
    expect(await get(`?folderId=${bobsFolder.id}`)).toMatchObject({ status: 404, body: { error: 'Folder not found' } });
  });

  it('refuses signed-out callers and unknown tokens with 401', async () => {
    expect((await server.rest('GET', '/articles')).status).toBe(401);
    expect(await server.rest('GET', '/articles', { token: 'not-a-session' })).toMatchObject({
      status: 401,
      body: { error: 'Session expired. Please login again.' },
    });
  });

  describe('paging', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    const many = newestFirst(await publish(services, feed.id, timeline(130, { newest: T0, stepMs: 30_000 })));

    async function walk(limit: number, query = '') {
      const ids: string[] = [];
      let cursor: string | null = null;
      for (let pages = 1; pages < 100; pages += 1) {
        const response = await server.rest('GET', `/articles?limit=${limit}${query}${cursor ? `&cursor=${cursor}` : ''}`, {
          token: reader.token,
        });
        expect(response.status).toBe(200);
        expect(response.body.articles.length).toBeLessThanOrEqual(Math.min(limit, 100));
        ids.push(...response.body.articles.map((article: { id: string }) => article.id));
        cursor = response.body.nextCursor;
        if (cursor === null) return { ids, pages };
      }
      throw new Error('the walk never ended');
    }

    it.each([7, 100])('walks 130 articles in pages of %i with nextCursor, each once, newest first', async (limit) => {
      const { ids, pages } = await walk(limit, '&unread=true');
      expect(ids).toEqual(many.map((article) => article.id));
      expect(pages).toBe(Math.ceil(130 / limit));
    });

    it('caps a page at 100 articles (limit=500) and defaults to 100', async () => {
      const capped = await server.rest('GET', '/articles?limit=500', { token: reader.token });
      expect(capped.body.articles).toHaveLength(100);
      expect(capped.body.nextCursor).toEqual(expect.any(String));
      expect((await server.rest('GET', '/articles', { token: reader.token })).body.articles).toHaveLength(100);
      expect((await server.rest('GET', '/articles?limit=&feedId=&search=', { token: reader.token })).body.articles).toHaveLength(100);
      const { ids } = await walk(500);
      expect(ids).toHaveLength(130);
    });
  });
});

describe('REST /api/articles/:id', async () => {
  const server = await startTestServer();
  const { services } = server;
  const ada = await newReader(services);
  const carol = await newReader(services);
  const feed = await newFeed(services, { title: 'Kitchen' });
  await follow(services, ada.id, feed.id);
  const [article] = await publish(services, feed.id, [
    { publishedAt: T0, title: 'Bread', content: '<h2>Flour</h2><p>Water &amp; salt</p>' },
  ]);
  const id = article!.id;

  it('answers the article with its HTML content, to any signed-in user', async () => {
    const own = await server.rest('GET', `/articles/${id}`, { token: ada.token });
    expect(own).toMatchObject({
      status: 200,
      body: { article: { id, title: 'Bread', content: '<h2>Flour</h2><p>Water &amp; salt</p>', isRead: false } },
    });
    const stranger = await server.rest('GET', `/articles/${id}`, { token: carol.token });
    expect(stranger).toMatchObject({ status: 200, body: { article: { id, isRead: true, feed: { title: 'Kitchen' } } } });
  });

  it('finds the article when its id is written in upper case', async () => {
    expect(await server.rest('GET', `/articles/${id.toUpperCase()}`, { token: ada.token })).toMatchObject({
      status: 200,
      body: { article: { id } },
    });
    expect(await server.rest('POST', `/articles/${id.toUpperCase()}/star`, { token: ada.token })).toMatchObject({
      status: 200,
      body: { article: { id, starred: true } },
    });
    await server.rest('DELETE', `/articles/${id}/star`, { token: ada.token });
  });

  it("finds the article by its GraphQL global id too (the id in the web's /article links)", async () => {
    const globalId = Buffer.from(`Article:${id}`).toString('base64');
    expect(await server.rest('GET', `/articles/${encodeURIComponent(globalId)}`, { token: ada.token })).toMatchObject({
      status: 200,
      body: { article: { id, title: 'Bread' } },
    });
    expect(await server.rest('POST', `/articles/${encodeURIComponent(globalId)}/star`, { token: ada.token })).toMatchObject({
      status: 200,
      body: { article: { id, starred: true } },
    });
    await server.rest('DELETE', `/articles/${id}/star`, { token: ada.token });
  });

  it.each([
    MISSING,
    'not-a-uuid',
    '%%% not an id',
    Buffer.from(`User:${MISSING}`).toString('base64'),
    Buffer.from('Article:1').toString('base64'),
  ])("answers %s with 404 'Article not found'", async (unknown) => {
    expect(await server.rest('GET', `/articles/${encodeURIComponent(unknown)}`, { token: ada.token })).toMatchObject({
      status: 404,
      body: { error: 'Article not found' },
    });
  });

  it('refuses signed-out callers with 401', async () => {
    expect((await server.rest('GET', `/articles/${id}`)).status).toBe(401);
  });

  it.each([
    ['read', 'isRead', true, false],
    ['like', 'isLiked', true, false],
    ['star', 'starred', true, false],
  ])('POST and DELETE /%s set and clear %s, idempotently, answering {article}', async (path, field, on, off) => {
    for (let i = 0; i < 2; i += 1) {
      const set = await server.rest('POST', `/articles/${id}/${path}`, { token: ada.token });
      expect(set).toMatchObject({ status: 200, body: { article: { id, [field]: on } } });
      expect(set.body.article).not.toHaveProperty('content');
    }
    for (let i = 0; i < 2; i += 1) {
      expect(await server.rest('DELETE', `/articles/${id}/${path}`, { token: ada.token })).toMatchObject({
        status: 200,
        body: { article: { id, [field]: off } },
      });
    }
  });

  it('counts one like per user however often they like', async () => {
    await server.rest('POST', `/articles/${id}/like`, { token: ada.token });
    await server.rest('POST', `/articles/${id}/like`, { token: ada.token });
    const liked = await server.rest('POST', `/articles/${id}/like`, { token: carol.token });
    expect(liked.body.article._count.likes).toBe(2);
  });

  it('DELETE /read of an article outside the viewer’s feeds leaves it read (unread rows exist only for subscriptions)', async () => {
    await server.rest('POST', `/articles/${id}/read`, { token: ada.token });
    const response = await server.rest('DELETE', `/articles/${id}/read`, { token: carol.token });
    expect(response).toMatchObject({ status: 200, body: { article: { id, isRead: true } } });
    expect(await services.db.unreadArticle.count({ where: { articleId: id } })).toBe(0);
  });

  it.each(['read', 'like', 'star'])("answers /%s of an unknown article with 404 'Article not found' and writes nothing", async (path) => {
    const before = await services.db.likedArticle.count();
    for (const method of ['POST', 'DELETE']) {
      expect(await server.rest(method, `/articles/${MISSING}/${path}`, { token: ada.token })).toMatchObject({
        status: 404,
        body: { error: 'Article not found' },
      });
    }
    expect(await services.db.likedArticle.count()).toBe(before);
  });

  it('refuses signed-out state changes with 401 and changes nothing', async () => {
    const before = await Promise.all([
      services.db.likedArticle.count(),
      services.db.unreadArticle.count(),
      services.db.starredArticle.count(),
    ]);
    for (const path of ['read', 'like', 'star']) {
      expect((await server.rest('POST', `/articles/${id}/${path}`)).status).toBe(401);
      expect((await server.rest('DELETE', `/articles/${id}/${path}`)).status).toBe(401);
    }
    expect(
      await Promise.all([services.db.likedArticle.count(), services.db.unreadArticle.count(), services.db.starredArticle.count()]),
    ).toEqual(before);
  });
});

describe('REST POST /api/articles/mark-all-read', async () => {
  const server = await startTestServer();
  const { services } = server;

  async function setup() {
    const [ada, bob] = [await newReader(services), await newReader(services)];
    const folder = await newFolder(services, ada.id);
    const [a, b, c] = [await newFeed(services), await newFeed(services), await newFeed(services)];
    await follow(services, ada.id, a.id, { folderId: folder.id });
    await follow(services, ada.id, b.id, { folderId: folder.id });
    await follow(services, ada.id, c.id);
    await follow(services, bob.id, a.id);
    const articles = {
      a: await publish(services, a.id, timeline(4, { newest: T0 })),
      b: await publish(services, b.id, timeline(3, { newest: T0 })),
      c: await publish(services, c.id, timeline(2, { newest: T0 })),
    };
    return { ada, bob, folder, feeds: { a, b, c }, articles };
  }
  const markAll = (query: string, token: string) => server.rest('POST', `/articles/mark-all-read${query}`, { token });

  it('marks everything read, answers {markedCount}, leaves other users alone; again answers 0', async () => {
    const { ada, bob } = await setup();
    const bobUnread = await unreadIds(services, bob.id);
    expect(await markAll('', ada.token)).toEqual(expect.objectContaining({ status: 200, body: { markedCount: 9 } }));
    expect(await unreadIds(services, ada.id)).toEqual(new Set());
    expect(await unreadIds(services, bob.id)).toEqual(bobUnread);
    expect((await markAll('', ada.token)).body).toEqual({ markedCount: 0 });
  });

  it('marks one feed, one folder, or what was published at or before beforeDate', async () => {
    const { ada, feeds, folder, articles } = await setup();
    expect((await markAll(`?feedId=${feeds.c.id}`, ada.token)).body).toEqual({ markedCount: 2 });
    expect(
      (await markAll(`?folderId=${folder.id}&beforeDate=${encodeURIComponent(articles.a[1]!.publishedAt.toISOString())}`, ada.token)).body,
    ).toEqual({
      markedCount: 5,
    });
    expect(await unreadIds(services, ada.id)).toEqual(new Set([articles.a[0]!.id, articles.b[0]!.id]));
    expect((await markAll(`?folderId=${folder.id}`, ada.token)).body).toEqual({ markedCount: 2 });
  });

  it.each([
    [
      (s: Awaited<ReturnType<typeof setup>>) => `?feedId=${s.feeds.a.id}&folderId=${s.folder.id}`,
      400,
      'Choose a feed or a folder, not both',
    ],
    [() => `?feedId=${MISSING}`, 404, 'Feed not found'],
    [() => '?feedId=abc', 404, 'Feed not found'],
    [(s: Awaited<ReturnType<typeof setup>>) => `?folderId=${s.folder.id}`, 404, 'Folder not found', 'bob'],
    [() => '?beforeDate=tomorrow-ish', 400, 'beforeDate must be a date'],
  ])('refuses a bad scope (%#) with %i "%s" and marks nothing', async (query, status, error, who = 'ada') => {
    const s = await setup();
    const before = await services.db.unreadArticle.count();
    expect(await markAll(query(s), who === 'bob' ? s.bob.token : s.ada.token)).toEqual(
      expect.objectContaining({ status, body: { error } }),
    );
    expect(await services.db.unreadArticle.count()).toBe(before);
  });

  it('refuses signed-out callers with 401 and marks nothing', async () => {
    await setup();
    const before = await services.db.unreadArticle.count();
    expect((await server.rest('POST', '/articles/mark-all-read')).status).toBe(401);
    expect(await services.db.unreadArticle.count()).toBe(before);
  });
});
