import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish, timeline } from '../../../test/articleFixtures.ts';
import { startCountingServer } from '../../../test/statementLog.ts';
import { storeNewArticles } from '../refresh/storeArticles.ts';
import { viewerFromBearerToken } from '../accounts/credentials.ts';
import { unsubscribe } from '../subscriptions/subscriptions.ts';
import { follow as followPerson } from '../social/follows.ts';
import { articleQuery } from './articleQuery.ts';
import { likeArticle, markAllArticlesRead, markArticleRead, markArticleUnread } from './articleState.ts';
import { countArticles, getArticle, listArticles } from './listArticles.ts';

// How many SQL statements each reading operation sends, counted at the pg driver (test/statementLog.ts), so an
// N+1 cannot creep in: a page costs the same whatever its size, and asking for more fields costs a fixed extra.

const server = await startCountingServer();
const { services, log } = server;
const T0 = new Date('2025-08-01T06:00:00.000Z');
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

const ada = await newReader(services);
const others = [await newReader(services), await newReader(services)];
const folder = await newFolder(services, ada.id, 'Counted');
const feeds = [await newFeed(services), await newFeed(services), await newFeed(services)];
await follow(services, ada.id, feeds[0]!.id, { folderId: folder.id });
await follow(services, ada.id, feeds[1]!.id, { folderId: folder.id });
await follow(services, ada.id, feeds[2]!.id);
for (const other of others) await follow(services, other.id, feeds[0]!.id);
// Ada follows the people who comment and share, so her circle is on every card.
for (const other of others) await followPerson(services, ada.viewer, other.id);
const articles = [
  ...(await publish(services, feeds[0]!.id, timeline(40, { newest: T0, prefix: 'Alpha' }))),
  ...(await publish(services, feeds[1]!.id, timeline(40, { newest: T0, prefix: 'Beta' }))),
  ...(await publish(services, feeds[2]!.id, timeline(40, { newest: T0, prefix: 'Gamma' }))),
];
// Every article has state and social counts to load, so no subquery is trivially empty.
for (const [i, article] of articles.entries()) {
  if (i % 2) await likeArticle(services, ada.viewer, article.id);
  if (i % 3) await markArticleRead(services, ada.viewer, article.id);
  await likeArticle(services, others[i % 2]!.viewer, article.id);
  await services.db.comment.create({ data: { articleId: article.id, userId: others[0]!.id, content: `Comment ${i}` } });
  await services.db.share.create({ data: { articleId: article.id, userId: others[1]!.id } });
}

/** The statements of `work` (domain calls: no request around them). */
async function statements(work: () => Promise<unknown>): Promise<string[]> {
  return (await log.during(work)).statements;
}

// Every authenticated HTTP request first finds its session and user; those statements are the request's, not the operation's.
const viewerLookup = await statements(() => viewerFromBearerToken(services, ada.token));

/** The statements an HTTP request sent for its operation, after checking it began with the viewer lookup and nothing else. */
async function requestStatements(request: () => Promise<{ status: number; body: any }>): Promise<string[]> {
  // any: shapes vary per operation
  const { result, statements: all } = await log.during(request);
  expect(result.status).toBe(200);
  expect(result.body.errors).toBeUndefined();
  expect(all.slice(0, viewerLookup.length)).toEqual(viewerLookup);
  return all.slice(viewerLookup.length);
}

const FIELDS = `id title url author excerpt imageUrl publishedAt feedTitle isRead isLiked starred
  feed { id title url description siteUrl fetchError lastFetchedAt } counts { comments shares likes }
  circle { sharedByCount commentedByCount }`;
const CIRCLE_PEOPLE = `circle { sharedBy { id username displayName avatarUrl } commentedBy { id username displayName avatarUrl } }`;
/** An articles page with every Article field but content; `extra` adds `totalCount` to the connection or `content` to the nodes. */
const listQuery = (
  extra: '' | 'totalCount' | 'content',
) => `query($filter: ArticleFilter, $first: Int, $feedId: ID, $folderId: ID, $search: String) {
  articles(filter: $filter, first: $first, feedId: $feedId, folderId: $folderId, search: $search) {
    ${extra === 'totalCount' ? extra : ''} pageInfo { hasNextPage endCursor } edges { cursor node { ${FIELDS} ${extra === 'content' ? extra : ''} } }
  }
}`;

describe('statements per operation', () => {
  it('the viewer lookup of a request is one statement: the session with its user', () => {
    expect(viewerLookup).toHaveLength(1);
  });

  describe('domain', () => {
    it.each([
      ['everything', {}, 0],
      ['a feed', { feedId: feeds[0]!.id }, 1],
      ['a folder', { folderId: folder.id }, 1],
    ])('articleQuery resolves the scope %s in %i statements', async (_name, scope, expected) => {
      expect(await statements(() => articleQuery(services, ada.viewer, { filter: 'all', ...scope }))).toHaveLength(expected);
    });

    const shapes = (['unread', 'all', 'liked'] as const).flatMap((filter) =>
      [{}, { feedId: feeds[0]!.id }, { folderId: folder.id }].flatMap((scope) =>
        [null, 'alpha'].map((search) => ({ filter, scope, search })),
      ),
    );
    it.each(shapes)(
      'listArticles is 1 statement for $filter $scope search $search (searching unread or liked too: the list’s reach is read in it), for 5 or 100 rows; countArticles is 1',
      async ({ filter, scope, search }) => {
        for (const first of [5, 100]) {
          const query = await articleQuery(services, ada.viewer, { filter, ...scope, search, first });
          const { result, statements: sent } = await log.during(() => listArticles(services, query));
          expect(sent).toHaveLength(1);
          expect(result.articles.length).toBeGreaterThan(0);
          expect(await statements(() => countArticles(services, query))).toHaveLength(1);
        }
      },
    );

    it('getArticle is 1 statement, content included; each state change is 2 (the write and the view)', async () => {
      const id = articles[0]!.id;
      expect(await statements(() => getArticle(services, ada.viewer, id, { content: true }))).toHaveLength(1);
      expect(await statements(() => markArticleUnread(services, ada.viewer, id))).toHaveLength(2);
      expect(await statements(() => likeArticle(services, ada.viewer, id))).toHaveLength(2);
    });

    it('markAllArticlesRead is one statement (the scope’s unread rows and their stories’ copies elsewhere), plus one lookup for a feed or folder scope, plus the live event’s counts when it marked any', async () => {
      const everything = await statements(() => markAllArticlesRead(services, others[0]!.viewer, {}));
      expect(everything).toHaveLength(2);
      expect(everything[0]).toMatch(/^\s*WITH removed AS \(\s*DELETE FROM "UnreadArticle"/);
      expect(await statements(() => markAllArticlesRead(services, others[0]!.viewer, {}))).toHaveLength(1);
      for (const scope of [{ feedId: feeds[0]!.id }, { folderId: folder.id }]) {
        const scoped = await statements(() => markAllArticlesRead(services, ada.viewer, scope));
        expect(scoped).toHaveLength(3);
        expect(scoped.filter((sql) => /DELETE/.test(sql))).toHaveLength(1);
      }
    });

    it('storing new articles with their story keys and fanning them out is one statement, matching them to other feeds’ copies one more, and applying the subscribers’ rules one more when any acts, however many articles and subscribers', async () => {
      const feed = await newFeed(services);
      for (const reader of [ada, ...others]) await follow(services, reader.id, feed.id);
      const normalised = (count: number, offset: number) =>
        timeline(count, { newest: new Date(T0.getTime() - offset * 3_600_000) }).map((article, i) => ({
          ...article,
          guid: `counted-${offset}-${i}`,
          url: null,
          title: article.title!,
          author: null,
          excerpt: '',
          content: '',
          contentText: '',
          imageUrl: null,
          enclosures: [],
          commentsUrl: null,
          dated: true,
          guidIsPermaLink: false,
          originalUrl: null,
        }));
      const one = await statements(() => storeNewArticles(services.db, feed.id, normalised(1, 1)));
      const fifty = await statements(() => storeNewArticles(services.db, feed.id, normalised(50, 2)));
      expect(one).toHaveLength(2);
      expect(fifty).toHaveLength(2);
      expect(fifty[0]).toMatch(/INSERT INTO "UnreadArticle"/);
      expect(fifty[0]).toMatch(/JOIN "FilterRule"/);
      // Subscribers' rules that cover the feed are read by that statement; when any acts, one more writes what they did.
      await services.db.filterRule.create({ data: { userId: others[0]!.id, pattern: 'Story', fields: ['title'], action: 'hide' } });
      const ruled = await statements(() => storeNewArticles(services.db, feed.id, normalised(50, 3)));
      expect(ruled).toHaveLength(3);
      expect(ruled[1]).toMatch(/INSERT INTO "HiddenArticle"/);
      expect(await services.db.hiddenArticle.count({ where: { userId: others[0]!.id, feedId: feed.id } })).toBe(50);
    });

    it('subscribing and unsubscribing cost the same whatever the feed holds', async () => {
      const reader = await newReader(services);
      const [small, large] = [await newFeed(services), await newFeed(services)];
      await publish(services, small.id, timeline(1, { newest: T0 }));
      await publish(services, large.id, timeline(60, { newest: T0 }));
      const followSmall = await statements(() => follow(services, reader.id, small.id));
      const followLarge = await statements(() => follow(services, reader.id, large.id));
      // BEGIN, the subscription (insert, then its row and feed for the answer), the unread rows, the subscriber's
      // filter rules (none), COMMIT.
      expect(followSmall).toHaveLength(7);
      expect(followLarge).toHaveLength(followSmall.length);
      const subscriptions = await services.db.subscription.findMany({ where: { userId: reader.id }, orderBy: { createdAt: 'asc' } });
      const leaveSmall = await statements(() => unsubscribe(services, reader.viewer, subscriptions[0]!.id));
      const leaveLarge = await statements(() => unsubscribe(services, reader.viewer, subscriptions[1]!.id));
      // The subscription and its feed, then BEGIN, both DELETEs (the unread rows with what rules hid), COMMIT.
      expect(leaveSmall).toHaveLength(6);
      expect(leaveLarge).toHaveLength(leaveSmall.length);
      expect(leaveLarge.filter((sql) => /DELETE FROM "UnreadArticle"/.test(sql))).toHaveLength(1);
    });
  });

  describe('GraphQL', () => {
    const gql = (query: string, variables: Record<string, unknown>) => requestStatements(() => server.graphql(query, variables, ada.token));

    it.each([5, 50])('articles(first: %i) with every field but content is 1 statement', async (first) => {
      for (const filter of ['UNREAD', 'ALL', 'LIKED']) {
        const sent = await gql(listQuery(''), { filter, first });
        expect(sent).toHaveLength(1);
      }
      const { body } = await server.graphql(listQuery(''), { filter: 'ALL', first }, ada.token);
      expect(body.data.articles.edges).toHaveLength(first);
    });

    it.each([5, 50])(
      'articles(first: %i): totalCount adds 1, a feed or folder scope adds 1, content adds 1 batched statement; searching unread adds none',
      async (first) => {
        await server.graphql(listQuery(''), { filter: 'UNREAD', first, search: 'alpha' }, ada.token);
        expect(await gql(listQuery('totalCount'), { filter: 'ALL', first })).toHaveLength(2);
        expect(await gql(listQuery(''), { filter: 'ALL', first, feedId: gid('Feed', feeds[0]!.id) })).toHaveLength(2);
        expect(await gql(listQuery(''), { filter: 'ALL', first, folderId: gid('Folder', folder.id) })).toHaveLength(2);
        expect(
          await gql(listQuery('totalCount'), { filter: 'UNREAD', first, folderId: gid('Folder', folder.id), search: 'alpha' }),
        ).toHaveLength(3);
        const withContent = await gql(listQuery('content'), { filter: 'ALL', first });
        expect(withContent).toHaveLength(2);
        expect(withContent[1]).toMatch(/"content"/);
      },
    );

    it.each([5, 50])('articles(first: %i): the circle’s people add 1 batched statement', async (first) => {
      const query = `query($first: Int) { articles(filter: ALL, first: $first) { edges { node { ${FIELDS} ${CIRCLE_PEOPLE} } } } }`;
      const sent = await gql(query, { first });
      expect(sent).toHaveLength(2);
      expect(sent[1]).toMatch(/FROM "public"."User"/);
      const { body } = await server.graphql(query, { first }, ada.token);
      expect(body.data.articles.edges[0].node.circle.sharedBy).toHaveLength(1);
    });

    it('article(id) is 1 statement, 2 with content; node(id) is 1', async () => {
      const id = gid('Article', articles[3]!.id);
      expect(await gql(`query($id: ID!) { article(id: $id) { ${FIELDS} } }`, { id })).toHaveLength(1);
      expect(await gql(`query($id: ID!) { article(id: $id) { ${FIELDS} content } }`, { id })).toHaveLength(2);
      expect(await gql(`query($id: ID!) { node(id: $id) { ... on Article { ${FIELDS} } } }`, { id })).toHaveLength(1);
      const ids = articles.slice(0, 20).map((article) => gid('Article', article.id));
      expect(await gql(`query($ids: [ID!]!) { nodes(ids: $ids) { ... on Article { ${FIELDS} } } }`, { ids })).toHaveLength(1);
    });

    it('a state change is 2 statements; markAllArticlesRead is 1, plus 1 for a scope, plus the live event’s counts when it marked any', async () => {
      const id = gid('Article', articles[4]!.id);
      expect(await gql(`mutation($id: ID!) { likeArticle(id: $id) { ... on Article { ${FIELDS} } } }`, { id })).toHaveLength(2);
      expect(await gql(`mutation($id: ID!) { markArticleRead(id: $id) { ... on Article { ${FIELDS} } } }`, { id })).toHaveLength(2);
      const mark = `mutation($feedId: ID) { markAllArticlesRead(feedId: $feedId) { ... on MarkAllArticlesReadPayload { markedCount } } }`;
      expect(await gql(mark, { feedId: gid('Feed', feeds[2]!.id) })).toHaveLength(3);
      // The feed the storing test above followed still has unread articles; then nothing is left to mark.
      expect(await gql(mark, {})).toHaveLength(2);
      expect(await gql(mark, {})).toHaveLength(1);
    });
  });

  describe('REST', () => {
    const rest = (method: string, path: string) => requestStatements(() => server.rest(method, path, { token: ada.token }));

    it('a search asks the planner how many articles its words match (1 statement), then not again for a while', async () => {
      expect(await rest('GET', '/articles?limit=5&liked=true&search=gamma')).toHaveLength(2);
      expect(await rest('GET', '/articles?limit=5&liked=true&search=gamma')).toHaveLength(1);
      expect((await rest('GET', '/articles?limit=5&liked=true&search=gamma+delta'))[0]).toMatch(/^\s*EXPLAIN/);
    });

    it.each([5, 50, 100])('GET /api/articles?limit=%i is 1 statement, searching liked too; 2 with a feed or folder', async (limit) => {
      await server.rest('GET', '/articles?liked=true&search=beta', { token: ada.token });
      expect(await rest('GET', `/articles?limit=${limit}`)).toHaveLength(1);
      expect(await rest('GET', `/articles?limit=${limit}&liked=true&search=beta`)).toHaveLength(1);
      expect(await rest('GET', `/articles?limit=${limit}&feedId=${feeds[1]!.id}`)).toHaveLength(2);
      expect(await rest('GET', `/articles?limit=${limit}&folderId=${folder.id}&unread=true`)).toHaveLength(2);
    });

    it('GET /api/articles/:id is 1 statement with content; a state change is 2 (+1 for the live event’s counts when the unread list changed); mark-all-read is 1 (+1 for a scope, +1 for the counts)', async () => {
      expect(await rest('GET', `/articles/${articles[5]!.id}`)).toHaveLength(1);
      expect(await rest('POST', `/articles/${articles[5]!.id}/star`)).toHaveLength(2);
      expect(await rest('DELETE', `/articles/${articles[5]!.id}/read`)).toHaveLength(3);
      expect(await rest('DELETE', `/articles/${articles[5]!.id}/read`)).toHaveLength(2);
      expect(await rest('POST', `/articles/mark-all-read?folderId=${folder.id}`)).toHaveLength(3);
      expect(await rest('POST', '/articles/mark-all-read')).toHaveLength(1);
    });
  });
});
