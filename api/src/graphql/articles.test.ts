import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, newestFirst, publish, timeline, unreadIds } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { likeArticle, markArticleRead, starArticle, unstarArticle } from '../domain/articles/articleState.ts';
import { renameSubscription } from '../domain/subscriptions/subscriptions.ts';

const T0 = new Date('2025-07-04T10:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(T0.getTime() - minutes * 60_000);
const MISSING = '0190a000-0000-7000-8000-000000000000';
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

const FIELDS = `id title url author excerpt imageUrl publishedAt feedTitle isRead isLiked starred
  feed { id title url } counts { comments shares likes }`;
const LIST = `query($filter: ArticleFilter, $feedId: ID, $folderId: ID, $search: String, $beforeDate: DateTime, $first: Int, $after: String) {
  articles(filter: $filter, feedId: $feedId, folderId: $folderId, search: $search, beforeDate: $beforeDate, first: $first, after: $after) {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { cursor node { ${FIELDS} } }
  }
}`;
const TITLES = `query($filter: ArticleFilter, $feedId: ID, $folderId: ID, $search: String, $beforeDate: DateTime) {
  articles(filter: $filter, feedId: $feedId, folderId: $folderId, search: $search, beforeDate: $beforeDate) { totalCount edges { node { title } } }
}`;
const ARTICLE = `query($id: ID!) { article(id: $id) { ${FIELDS} content } }`;
const NODE = `query($id: ID!) { node(id: $id) { id ... on Article { title isRead } } }`;

type Edge = { cursor: string; node: { id: string; title: string } };

describe('GraphQL articles', async () => {
  const server = await startTestServer();
  const { services } = server;
  const ada = await newReader(services);
  const bob = await newReader(services);
  const reading = await newFolder(services, ada.id, 'Reading');
  const bobsFolder = await newFolder(services, bob.id, 'Bob');
  const science = await newFeed(services, { title: 'Science Daily' });
  const cooking = await newFeed(services, { title: 'Cooking' });
  const bobs = await newFeed(services, { title: 'Bob only' });
  const scienceSubscription = await follow(services, ada.id, science.id, { folderId: reading.id });
  await follow(services, ada.id, cooking.id);
  await follow(services, bob.id, science.id);
  await follow(services, bob.id, bobs.id, { folderId: bobsFolder.id });
  const sci = await publish(services, science.id, [
    {
      publishedAt: minutesAgo(0),
      title: 'Comet sighted',
      content: '<p>A bright <em>comet</em> tonight.</p>',
      author: 'Vera',
      imageUrl: 'https://img.example.org/c.jpg',
    },
    { publishedAt: minutesAgo(10), title: 'New element' },
    { publishedAt: minutesAgo(30), title: 'Comet tails explained' },
  ]);
  const food = await publish(services, cooking.id, [
    { publishedAt: minutesAgo(5), title: 'Soup season' },
    { publishedAt: minutesAgo(20), title: 'Bread basics' },
  ]);
  const [bobsArticle] = await publish(services, bobs.id, [{ publishedAt: minutesAgo(1), title: 'Comet from Bob' }]);
  await markArticleRead(services, ada.viewer, sci[1]!.id);
  await likeArticle(services, ada.viewer, food[1]!.id);
  await likeArticle(services, ada.viewer, bobsArticle!.id);
  await likeArticle(services, bob.viewer, sci[0]!.id);
  await likeArticle(services, ada.viewer, sci[0]!.id);
  await services.db.comment.create({ data: { articleId: sci[0]!.id, userId: bob.id, content: 'Wow' } });
  await services.db.share.create({ data: { articleId: sci[0]!.id, userId: bob.id, note: 'Look up', isPublic: true } });
  await renameSubscription(services, ada.viewer, scienceSubscription.id, { title: 'My science' });

  async function titles(variables: Record<string, unknown>, token = ada.token) {
    const response = await server.graphql(TITLES, variables, token);
    expect(response.body.errors).toBeUndefined();
    const { totalCount, edges } = response.body.data.articles;
    return { totalCount, titles: edges.map((edge: Edge) => edge.node.title) };
  }

  it('lists the viewer’s unread articles by default, newest first, with totalCount and pageInfo', async () => {
    const response = await server.graphql(LIST, {}, ada.token);
    expect(response.body.errors).toBeUndefined();
    const { totalCount, pageInfo, edges } = response.body.data.articles;
    expect(edges.map((edge: Edge) => edge.node.title)).toEqual(['Comet sighted', 'Soup season', 'Bread basics', 'Comet tails explained']);
    expect(totalCount).toBe(4);
    expect(pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: false, startCursor: edges[0].cursor, endCursor: edges[3].cursor });
  });

  it('filters ALL and LIKED, one feed, one folder, search and beforeDate (strictly before), with a matching totalCount', async () => {
    expect(await titles({ filter: 'ALL' })).toEqual({
      totalCount: 5,
      titles: ['Comet sighted', 'Soup season', 'New element', 'Bread basics', 'Comet tails explained'],
    });
    expect(await titles({ filter: 'LIKED' })).toEqual({ totalCount: 3, titles: ['Comet sighted', 'Comet from Bob', 'Bread basics'] });
    expect(await titles({ filter: 'ALL', feedId: gid('Feed', cooking.id) })).toEqual({
      totalCount: 2,
      titles: ['Soup season', 'Bread basics'],
    });
    expect(await titles({ filter: 'UNREAD', folderId: gid('Folder', reading.id) })).toEqual({
      totalCount: 2,
      titles: ['Comet sighted', 'Comet tails explained'],
    });
    expect(await titles({ filter: 'ALL', search: 'comet' })).toEqual({ totalCount: 2, titles: ['Comet sighted', 'Comet tails explained'] });
    expect(await titles({ filter: 'LIKED', search: 'comet' })).toEqual({ totalCount: 2, titles: ['Comet sighted', 'Comet from Bob'] });
    // New element, published at that very instant, is left out.
    expect(await titles({ filter: 'ALL', beforeDate: minutesAgo(10).toISOString() })).toEqual({
      totalCount: 2,
      titles: ['Bread basics', 'Comet tails explained'],
    });
    expect(
      await titles({ filter: 'UNREAD', folderId: gid('Folder', reading.id), search: 'comet', beforeDate: minutesAgo(1).toISOString() }),
    ).toEqual({
      totalCount: 1,
      titles: ['Comet tails explained'],
    });
  });

  it('counts up to what totalCount(upTo:) asks, one more telling there are more, and refuses an upTo out of range', async () => {
    const counted = async (upTo: unknown, variables: Record<string, unknown> = {}) =>
      server.graphql(
        `query($upTo: Int, $filter: ArticleFilter, $search: String) { articles(filter: $filter, search: $search) { totalCount(upTo: $upTo) } }`,
        { upTo, ...variables },
        ada.token,
      );
    const total = async (upTo: unknown, variables: Record<string, unknown> = {}) => {
      const response = await counted(upTo, variables);
      expect(response.body.errors).toBeUndefined();
      return response.body.data.articles.totalCount;
    };
    expect(await total(2, { filter: 'ALL' })).toBe(3);
    expect(await total(5, { filter: 'ALL' })).toBe(5);
    expect(await total(null, { filter: 'ALL' })).toBe(5);
    expect(await total(1, { filter: 'ALL', search: 'comet' })).toBe(2);
    expect(await total(2, { filter: 'ALL', search: 'comet' })).toBe(2);
    expect(await total(3)).toBe(4);
    for (const upTo of [0, -1, 10_001]) {
      const response = await counted(upTo, { filter: 'ALL' });
      expect(response.body.errors?.[0]?.message).toBe('upTo must be a whole number from 1 to 10000');
    }
  });

  it('gives empty unread and all lists for a feed the viewer does not follow, and its articles they liked under LIKED', async () => {
    const feedId = gid('Feed', bobs.id);
    expect(await titles({ filter: 'UNREAD', feedId })).toEqual({ totalCount: 0, titles: [] });
    expect(await titles({ filter: 'ALL', feedId })).toEqual({ totalCount: 0, titles: [] });
    expect(await titles({ filter: 'LIKED', feedId })).toEqual({ totalCount: 1, titles: ['Comet from Bob'] });
    expect(await titles({ filter: 'ALL' }, bob.token)).toEqual({
      totalCount: 4,
      titles: ['Comet sighted', 'Comet from Bob', 'New element', 'Comet tails explained'],
    });
  });

  it('filters STARRED: exactly the viewer’s starred articles, newest first, in keyset pages, another user’s stars not', async () => {
    for (const article of [sci[2]!, bobsArticle!, food[0]!]) await starArticle(services, ada.viewer, article.id);
    await starArticle(services, bob.viewer, sci[1]!.id);
    try {
      expect(await titles({ filter: 'STARRED' })).toEqual({
        totalCount: 3,
        titles: ['Comet from Bob', 'Soup season', 'Comet tails explained'],
      });
      const first = (await server.graphql(LIST, { filter: 'STARRED', first: 2 }, ada.token)).body.data.articles;
      expect(first.edges.map((edge: Edge) => edge.node.title)).toEqual(['Comet from Bob', 'Soup season']);
      expect(first.pageInfo.hasNextPage).toBe(true);
      const rest = (await server.graphql(LIST, { filter: 'STARRED', first: 2, after: first.pageInfo.endCursor }, ada.token)).body.data
        .articles;
      expect(rest.edges.map((edge: Edge) => edge.node.title)).toEqual(['Comet tails explained']);
      expect(rest.pageInfo.hasNextPage).toBe(false);
      expect(await titles({ filter: 'STARRED', folderId: gid('Folder', reading.id), search: 'comet' })).toEqual({
        totalCount: 1,
        titles: ['Comet tails explained'],
      });
      expect(await titles({ filter: 'STARRED' }, bob.token)).toEqual({ totalCount: 1, titles: ['New element'] });
    } finally {
      for (const article of [sci[2]!, bobsArticle!, food[0]!]) await unstarArticle(services, ada.viewer, article.id);
      await unstarArticle(services, bob.viewer, sci[1]!.id);
    }
  });

  it("answers each article with the viewer's own state and feed title, and everyone's counts", async () => {
    const forAda = (await server.graphql(LIST, { filter: 'ALL', first: 1 }, ada.token)).body.data.articles.edges[0].node;
    expect(forAda).toEqual({
      id: gid('Article', sci[0]!.id),
      title: 'Comet sighted',
      url: expect.stringMatching(/^https:\/\//),
      author: 'Vera',
      excerpt: 'Comet sighted',
      imageUrl: 'https://img.example.org/c.jpg',
      publishedAt: T0.toISOString(),
      feedTitle: 'My science',
      isRead: false,
      isLiked: true,
      starred: false,
      feed: { id: gid('Feed', science.id), title: 'Science Daily', url: science.url },
      counts: { comments: 1, shares: 1, likes: 2 },
    });
    const forBob = (await server.graphql(LIST, { filter: 'ALL', first: 1 }, bob.token)).body.data.articles.edges[0].node;
    expect(forBob).toMatchObject({ id: forAda.id, feedTitle: 'Science Daily', isRead: false, isLiked: true, counts: { likes: 2 } });
    const secondForBob = (await server.graphql(LIST, { filter: 'ALL', feedId: gid('Feed', science.id) }, bob.token)).body.data.articles
      .edges;
    expect(secondForBob.map((edge: { node: { isRead: boolean } }) => edge.node.isRead)).toEqual([false, false, false]);
  });

  it('loads the HTML content only as a field of its own', async () => {
    const response = await server.graphql(`query { articles(filter: ALL, first: 2) { edges { node { title content } } } }`, {}, ada.token);
    expect(response.body.data.articles.edges).toEqual([
      { node: { title: 'Comet sighted', content: '<p>A bright <em>comet</em> tonight.</p>' } },
      { node: { title: 'Soup season', content: '<p>Body of Soup season</p>' } },
    ]);
  });

  describe('refuses, with the domain’s message and status', () => {
    it.each([
      ['a cursor it did not make', () => ({ after: 'bogus' }), 'Invalid cursor', 'InvalidInputError', 400],
      ['an unknown feed', () => ({ feedId: gid('Feed', MISSING) }), 'Feed not found', 'NotFoundError', 404],
      ['a feed id that is no UUID', () => ({ feedId: gid('Feed', 'nope') }), 'Feed not found', 'NotFoundError', 404],
      ["another user's folder", () => ({ folderId: gid('Folder', bobsFolder.id) }), 'Folder not found', 'NotFoundError', 404],
      [
        'a feed and a folder together',
        () => ({ feedId: gid('Feed', science.id), folderId: gid('Folder', reading.id) }),
        'Choose a feed or a folder, not both',
        'InvalidInputError',
        400,
      ],
      ['first: 0', () => ({ first: 0 }), 'Limit must be at least 1', 'InvalidInputError', 400],
      ['first: -5', () => ({ first: -5 }), 'Limit must be at least 1', 'InvalidInputError', 400],
      [
        'a search over 200 characters',
        () => ({ search: 'x'.repeat(201) }),
        'Search must be at most 200 characters',
        'InvalidInputError',
        400,
      ],
    ])('%s', async (_name, variables, message, code, status) => {
      const response = await server.graphql(LIST, variables(), ada.token);
      expect(response.body.data).toBeNull();
      expect(response.body.errors).toEqual([expect.objectContaining({ message, path: ['articles'], extensions: { code, status } })]);
    });

    it('backward paging (last, before), which the list does not offer', async () => {
      for (const [args, name] of [
        ['last: 2', 'last'],
        ['first: 2, before: "x"', 'before'],
      ]) {
        const response = await server.graphql(`query { articles(${args}) { edges { node { id } } } }`, {}, ada.token);
        expect(response.body.errors?.[0]).toMatchObject({
          message: `Unknown argument "${name}" on field "Query.articles".`,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        });
      }
    });

    it('signed-out callers', async () => {
      const response = await server.graphql(LIST, {});
      expect(response.status).toBe(401);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('paging', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    const many = newestFirst(await publish(services, feed.id, timeline(120, { newest: T0, stepMs: 1000 })));

    it.each([7, 100])('walks 120 articles with first: %i and after, each once, newest first', async (first) => {
      const ids: string[] = [];
      let after: string | null = null;
      let pages = 0;
      for (;;) {
        const response = await server.graphql(LIST, { filter: 'UNREAD', first, after }, reader.token);
        const { edges, pageInfo, totalCount } = response.body.data.articles;
        pages += 1;
        expect(totalCount).toBe(120);
        expect(pageInfo.hasPreviousPage).toBe(after !== null);
        expect(pageInfo.endCursor).toBe(edges.at(-1).cursor);
        ids.push(...edges.map((edge: Edge) => edge.node.id));
        if (!pageInfo.hasNextPage) break;
        after = pageInfo.endCursor;
      }
      expect(ids).toEqual(many.map((article) => gid('Article', article.id)));
      expect(pages).toBe(Math.ceil(120 / first));
    });

    it('holds at most 100 edges whatever first asks for, and 100 when first is left out', async () => {
      const asked = await server.graphql(LIST, { first: 500 }, reader.token);
      expect(asked.body.data.articles.edges).toHaveLength(100);
      expect(asked.body.data.articles.pageInfo.hasNextPage).toBe(true);
      expect((await server.graphql(LIST, {}, reader.token)).body.data.articles.edges).toHaveLength(100);
    });
  });

  describe('article(id) and node(id)', () => {
    it('opens any article for any signed-in user, with content', async () => {
      const carol = await newReader(services);
      const own = await server.graphql(ARTICLE, { id: gid('Article', sci[0]!.id) }, ada.token);
      expect(own.body.data.article).toMatchObject({
        title: 'Comet sighted',
        feedTitle: 'My science',
        content: '<p>A bright <em>comet</em> tonight.</p>',
      });
      const stranger = await server.graphql(ARTICLE, { id: gid('Article', bobsArticle!.id) }, carol.token);
      expect(stranger.body.data.article).toMatchObject({ title: 'Comet from Bob', feedTitle: 'Bob only', isRead: true, isLiked: false });
      const node = await server.graphql(NODE, { id: gid('Article', bobsArticle!.id) }, carol.token);
      expect(node.body.data.node).toEqual({ id: gid('Article', bobsArticle!.id), title: 'Comet from Bob', isRead: true });
    });

    it('answers null for a well-formed Article id that names no article', async () => {
      for (const id of [gid('Article', MISSING), gid('Article', 'not-a-uuid'), MISSING]) {
        const response = await server.graphql(ARTICLE, { id }, ada.token);
        expect(response.body).toEqual({ data: { article: null } });
      }
      for (const id of [gid('Article', MISSING), gid('Article', 'not-a-uuid')]) {
        expect((await server.graphql(NODE, { id }, ada.token)).body).toEqual({ data: { node: null } });
      }
    });

    it('answers nodes(ids) in the order asked, null where there is no article', async () => {
      const ids = [gid('Article', MISSING), gid('Article', food[0]!.id), gid('Article', 'not-a-uuid'), gid('Article', sci[2]!.id)];
      const response = await server.graphql(`query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Article { title } } }`, { ids }, ada.token);
      expect(response.body).toEqual({
        data: { nodes: [null, { id: ids[1], title: 'Soup season' }, null, { id: ids[3], title: 'Comet tails explained' }] },
      });
    });

    it('opens an article by its REST id (a UUID) too, answering its global id', async () => {
      const response = await server.graphql(ARTICLE, { id: food[0]!.id }, ada.token);
      expect(response.body.data.article).toMatchObject({ id: gid('Article', food[0]!.id), title: 'Soup season' });
    });

    it('finds an article whose id is written in upper case', async () => {
      const response = await server.graphql(ARTICLE, { id: gid('Article', food[0]!.id.toUpperCase()) }, ada.token);
      expect(response.body.data.article).toMatchObject({ id: gid('Article', food[0]!.id), title: 'Soup season' });
    });

    it('refuses signed-out callers (article: 401; node: null)', async () => {
      const response = await server.graphql(ARTICLE, { id: gid('Article', sci[0]!.id) });
      expect(response.status).toBe(401);
      expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(response.body.data?.article ?? null).toBeNull();
      expect((await server.graphql(NODE, { id: gid('Article', sci[0]!.id) })).body.data).toEqual({ node: null });
    });
  });
});

describe('GraphQL article state mutations', async () => {
  const server = await startTestServer();
  const { services } = server;
  const ada = await newReader(services);
  const carol = await newReader(services);
  const feed = await newFeed(services);
  await follow(services, ada.id, feed.id);
  const [article] = await publish(services, feed.id, [{ publishedAt: T0, title: 'Tide tables', content: '<p>High at noon</p>' }]);
  const id = gid('Article', article!.id);
  const change = (name: string, token: string | undefined, articleId = id) =>
    server.graphql(
      `mutation($id: ID!) { ${name}(id: $id) { __typename ... on Article { id isRead isLiked starred counts { likes } content } ... on Error { message } } }`,
      { id: articleId },
      token,
    );

  it.each([
    ['markArticleRead', 'markArticleUnread', 'isRead'],
    ['likeArticle', 'unlikeArticle', 'isLiked'],
    ['starArticle', 'unstarArticle', 'starred'],
  ])('%s and %s answer the article in its new state, any number of times', async (set, unset, field) => {
    for (let i = 0; i < 2; i += 1) {
      const response = await change(set, ada.token);
      expect(response.body.data[set]).toMatchObject({ __typename: 'Article', id, [field]: true, content: '<p>High at noon</p>' });
    }
    for (let i = 0; i < 2; i += 1)
      expect((await change(unset, ada.token)).body.data[unset]).toMatchObject({ __typename: 'Article', [field]: false });
  });

  it('counts one like per user', async () => {
    await change('likeArticle', ada.token);
    await change('likeArticle', ada.token);
    expect((await change('likeArticle', carol.token)).body.data.likeArticle.counts).toEqual({ likes: 2 });
    expect(await services.db.likedArticle.count({ where: { articleId: article!.id } })).toBe(2);
  });

  it('markArticleUnread of an article outside the viewer’s feeds answers it still read', async () => {
    expect((await change('markArticleUnread', carol.token)).body.data.markArticleUnread).toMatchObject({
      __typename: 'Article',
      isRead: true,
    });
    expect(await unreadIds(services, carol.id)).toEqual(new Set());
  });

  it.each(['markArticleRead', 'markArticleUnread', 'likeArticle', 'unlikeArticle', 'starArticle', 'unstarArticle'])(
    '%s of an unknown article answers NotFoundError and writes nothing',
    async (name) => {
      const before = await Promise.all([
        services.db.likedArticle.count(),
        services.db.unreadArticle.count(),
        services.db.starredArticle.count(),
      ]);
      expect((await change(name, ada.token, gid('Article', MISSING))).body.data[name]).toEqual({
        __typename: 'NotFoundError',
        message: 'Article not found',
      });
      expect(
        await Promise.all([services.db.likedArticle.count(), services.db.unreadArticle.count(), services.db.starredArticle.count()]),
      ).toEqual(before);
    },
  );

  it('refuses signed-out callers', async () => {
    const response = await change('likeArticle', undefined);
    expect(response.status).toBe(401);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GraphQL markAllArticlesRead', async () => {
  const server = await startTestServer();
  const { services } = server;
  const MARK = `mutation($feedId: ID, $folderId: ID, $beforeDate: DateTime) {
    markAllArticlesRead(feedId: $feedId, folderId: $folderId, beforeDate: $beforeDate) {
      __typename ... on MarkAllArticlesReadPayload { markedCount } ... on Error { message }
    }
  }`;

  async function setup() {
    const [ada, bob] = [await newReader(services), await newReader(services)];
    const folder = await newFolder(services, ada.id);
    const [a, b] = [await newFeed(services), await newFeed(services)];
    await follow(services, ada.id, a.id, { folderId: folder.id });
    await follow(services, ada.id, b.id);
    await follow(services, bob.id, a.id);
    const articles = {
      a: await publish(services, a.id, timeline(3, { newest: T0 })),
      b: await publish(services, b.id, timeline(4, { newest: T0 })),
    };
    return { ada, bob, folder, feeds: { a, b }, articles };
  }
  const mark = async (variables: Record<string, unknown>, token: string) =>
    (await server.graphql(MARK, variables, token)).body.data.markAllArticlesRead;

  it('marks everything, one feed, one folder or up to beforeDate, answering exact counts; again answers 0', async () => {
    const { ada, bob, folder, feeds, articles } = await setup();
    const bobUnread = await unreadIds(services, bob.id);
    expect(await mark({ feedId: gid('Feed', feeds.b.id), beforeDate: articles.b[2]!.publishedAt.toISOString() }, ada.token)).toEqual({
      __typename: 'MarkAllArticlesReadPayload',
      markedCount: 2,
    });
    expect(await mark({ folderId: gid('Folder', folder.id) }, ada.token)).toMatchObject({ markedCount: 3 });
    expect(await mark({ folderId: gid('Folder', folder.id) }, ada.token)).toMatchObject({ markedCount: 0 });
    expect(await mark({}, ada.token)).toMatchObject({ markedCount: 2 });
    expect(await mark({}, ada.token)).toMatchObject({ markedCount: 0 });
    expect(await unreadIds(services, bob.id)).toEqual(bobUnread);
  });

  it('answers a bad scope as an error member and marks nothing', async () => {
    const { ada, bob, folder, feeds } = await setup();
    const before = await services.db.unreadArticle.count();
    expect(await mark({ feedId: gid('Feed', MISSING) }, ada.token)).toEqual({ __typename: 'NotFoundError', message: 'Feed not found' });
    expect(await mark({ folderId: gid('Folder', folder.id) }, bob.token)).toEqual({
      __typename: 'NotFoundError',
      message: 'Folder not found',
    });
    expect(await mark({ feedId: gid('Feed', feeds.a.id), folderId: gid('Folder', folder.id) }, ada.token)).toEqual({
      __typename: 'InvalidInputError',
      message: 'Choose a feed or a folder, not both',
    });
    expect(await services.db.unreadArticle.count()).toBe(before);
  });
});
