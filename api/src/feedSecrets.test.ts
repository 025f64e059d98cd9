import { encodeGlobalID } from '@pothos/plugin-relay';
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { follow as subscribe, newFeed, publish } from '../test/articleFixtures.ts';
import { signUp, startTestServer } from '../test/server.ts';
import { newPerson } from '../test/socialFixtures.ts';
import { likeArticle, markArticleRead } from './domain/articles/articleState.ts';
import { generateDigest } from './domain/digests/generateDigest.ts';
import { subscribeLink } from './domain/digests/markdown.ts';
import { findExportDigest } from './domain/export/digestSource.ts';
import { gatherArticles } from './domain/export/gather.ts';
import { exportOptions } from './domain/export/input.ts';
import { feedAddressIsPublicSql, publicFeedAddress } from './domain/access/feedAddress.ts';
import { follow } from './domain/social/follows.ts';
import { shareArticle } from './domain/social/shares.ts';
import { schema } from './graphql/schema.ts';

// A feed whose address holds its subscriber's secrets, and its site as a relative <link> reads against that address.
const SECRET = 'https://reader:s3cret@feeds.example/rss?token=abc#x';
const SECRET_SITE = 'https://reader:s3cret@feeds.example/';
// What anyone else may see of it: host and path.
const PUBLIC = 'https://feeds.example/rss';
// Any of these in an answer is the secret leaking, plain or URL-encoded (digests' subscribe: links).
const LEAKS = ['s3cret', 'token=abc', 'token%3Dabc', 'reader:', 'reader%3A'];
// A feed with nothing to hide: lists that leave the secret feed out must still show this one.
const OPEN = 'https://open.example/feed.xml';

const server = await startTestServer();
const { services, graphql, rest } = server;
const subscriber = await newPerson(services);
const follower = await newPerson(services);
const stranger = await newPerson(services);
const adminAccount = await signUp(services, { admin: true });

const created = await newFeed(services, { url: SECRET, title: '' });
const feed = await services.db.feed.update({
  where: { id: created.id },
  data: { siteUrl: SECRET_SITE, fetchError: 'The feed answered 500 Internal Server Error' },
});
const open = await newFeed(services, { url: OPEN, title: 'Open feed' });
// Two more secret feeds for the administrator to delete (one through each API).
const doomed = [
  await newFeed(services, { url: 'https://reader:s3cret@feeds.example/doomed/1?token=abc', title: '' }),
  await newFeed(services, { url: 'https://reader:s3cret@feeds.example/doomed/2?token=abc', title: '' }),
];
await subscribe(services, subscriber.id, feed.id);
await subscribe(services, subscriber.id, open.id);
const [article, relative] = await publish(services, feed.id, [
  { publishedAt: new Date(), title: 'Behind a token' },
  { publishedAt: new Date(), title: 'Relative links', url: null },
]);
// As an older version stored it: links relative to the feed (its site, then its address).
await services.db.article.update({ where: { id: relative!.id }, data: { content: '<p><a href="more.html">More</a></p>' } });
const [openArticle] = await publish(services, open.id, [{ publishedAt: new Date(), title: 'In the open' }]);
await markArticleRead(services, subscriber.viewer, article!.id);
await markArticleRead(services, subscriber.viewer, openArticle!.id);
await follow(services, follower.viewer, subscriber.id);
await shareArticle(services, subscriber.viewer, { articleId: article!.id, isPublic: true, note: `For @${follower.username}` });
await likeArticle(services, follower.viewer, relative!.id);
await services.db.user.update({ where: { id: stranger.id }, data: { digestType: 'instance' } });

const end = new Date(Date.now() + 60_000);
const personal = (await generateDigest(services, { userId: follower.id, end, week: null, deliver: false }))!;
const instance = (await generateDigest(services, { userId: stranger.id, end, week: null, deliver: false }))!;
const withEmail = {
  ...services,
  config: {
    ...services.config,
    email: { postmarkServerToken: 'token', from: 'digest@tidings.test', postmarkApiUrl: 'http://127.0.0.1:9' },
  },
};
const mailed = (await generateDigest(withEmail, { userId: follower.id, end, week: '2099-01-04', deliver: true }))!;
// A digest written before the rule held: its suggestion named the feed whole, and it is kept as long as its owner wants.
const older = await services.db.digest.create({
  data: {
    userId: follower.id,
    type: 'personal',
    startDate: new Date(Date.now() - 14 * 86_400_000),
    endDate: new Date(Date.now() - 7 * 86_400_000),
    title: 'An older week',
    summary: 'A quiet week.',
    content: `## Discovery & Exploration\n\n- ${subscribeLink({ title: '', url: SECRET })}: read or shared by 1 person you follow`,
    metadata: { suggestions: [{ feedId: feed.id, title: '', url: SECRET, people: 1 }] },
  },
});

type Caller = { name: string; token?: string };
const callers = {
  follower: { name: 'a follower of the subscriber', token: follower.token },
  stranger: { name: 'another user', token: stranger.token },
  admin: { name: 'an administrator', token: adminAccount.token },
  anonymous: { name: 'a signed-out caller' },
} satisfies Record<string, Caller>;
const asSubscriber: Caller = { name: 'the subscriber', token: subscriber.token };

type Path = {
  path: string;
  /** The schema coordinates whose feed address (or text made from it) this answer shows. */
  fields?: string[];
  /** Who asks without subscribing to the feed. */
  others: Caller[];
  /**
   * What they see of the feed: its public address; 'left out', by a list that offers feeds to subscribe to (which
   * shows the open feed); or 'nothing', the answer being about something else (not theirs, or signed out).
   */
  shows: 'public address' | 'left out' | 'nothing';
  ask: (caller: Caller) => Promise<unknown>;
  /** The subscriber asking the same sees the whole address (they gave it). */
  subscriberSeesWhole?: boolean;
};

const gql =
  (query: string, variables: Record<string, unknown> = {}) =>
  async (caller: Caller) =>
    (await graphql(query, variables, caller.token)).body;
const get = (path: string) => async (caller: Caller) => (await rest('GET', path, { token: caller.token })).body;
const text = (path: string) => async (caller: Caller) =>
  (await fetch(`${server.url}/api${path}`, { headers: caller.token ? { authorization: `Bearer ${caller.token}` } : {} })).text();
const feedId = encodeGlobalID('Feed', feed.id);
const ARTICLE_FEED = 'feedTitle feed { url siteUrl }';
const DIGEST = 'query D($id: ID!) { node(id: $id) { ... on Digest { content metadata } } }';

// Every output that carries a feed's address, with who asks it.
const PATHS: Path[] = [
  {
    path: 'GraphQL node(id:) as Feed',
    fields: ['Feed.url', 'Feed.siteUrl'],
    others: [callers.follower, callers.stranger, callers.admin],
    shows: 'public address',
    ask: gql('query F($id: ID!) { node(id: $id) { ... on Feed { url siteUrl } } }', { id: feedId }),
    subscriberSeesWhole: true,
  },
  {
    path: 'GraphQL node(id:) as Feed, signed out',
    others: [callers.anonymous],
    shows: 'nothing',
    ask: gql('query F($id: ID!) { node(id: $id) { ... on Feed { url siteUrl } } }', { id: feedId }),
  },
  {
    path: 'GraphQL article(id:): its feed and the title made from its address',
    fields: ['Article.feedTitle'],
    others: [callers.follower, callers.stranger, callers.admin],
    shows: 'public address',
    ask: gql(`query A($id: ID!) { article(id: $id) { ${ARTICLE_FEED} } }`, { id: encodeGlobalID('Article', article!.id) }),
    subscriberSeesWhole: true,
  },
  {
    path: 'GraphQL articles(filter: LIKED)',
    others: [callers.follower],
    shows: 'public address',
    ask: gql(`{ articles(filter: LIKED, first: 10) { edges { node { ${ARTICLE_FEED} } } } }`),
  },
  {
    path: 'GraphQL shares (the Shared list)',
    others: [callers.follower],
    shows: 'public address',
    ask: gql(`{ shares(first: 10) { edges { node { article { ${ARTICLE_FEED} } } } } }`),
  },
  {
    path: 'GraphQL userShares',
    others: [callers.stranger, callers.admin],
    shows: 'public address',
    ask: gql(`query U($id: ID!) { userShares(userId: $id, first: 10) { edges { node { article { ${ARTICLE_FEED} } } } } }`, {
      id: encodeGlobalID('User', subscriber.id),
    }),
  },
  {
    path: 'GraphQL feedSubscriptions (the subscriber’s own)',
    fields: ['FeedSubscription.title'],
    others: [callers.stranger],
    shows: 'nothing',
    ask: gql('{ feedSubscriptions { title feed { url siteUrl } } }'),
    subscriberSeesWhole: true,
  },
  {
    path: 'GraphQL subscriptionsOpml (the subscriber’s own)',
    fields: ['OpmlFile.text'],
    others: [callers.stranger],
    shows: 'nothing',
    ask: gql('{ subscriptionsOpml { text } }'),
    subscriberSeesWhole: true,
  },
  {
    path: 'GraphQL popularFeeds',
    fields: ['PopularFeed.url'],
    others: [callers.follower, callers.stranger, callers.admin],
    shows: 'left out',
    ask: gql('{ popularFeeds { url title } }'),
  },
  {
    path: 'GraphQL a personal digest (a followed reader’s feeds)',
    fields: ['Digest.content', 'Digest.metadata'],
    others: [callers.follower],
    shows: 'left out',
    ask: gql(DIGEST, { id: encodeGlobalID('Digest', personal.id) }),
  },
  {
    path: 'GraphQL an instance digest (new feeds)',
    others: [callers.stranger],
    shows: 'left out',
    ask: gql(DIGEST, { id: encodeGlobalID('Digest', instance.id) }),
  },
  {
    path: 'GraphQL digests, with one written before the rule',
    others: [callers.follower],
    shows: 'public address',
    ask: gql('{ digests(first: 10) { edges { node { title content metadata } } } }'),
  },
  {
    path: 'GraphQL notifications',
    fields: ['Notification.content', 'Notification.link'],
    others: [callers.follower],
    shows: 'nothing',
    ask: gql('{ notifications(first: 20) { edges { node { type content link } } } }'),
  },
  {
    path: 'GraphQL adminFeeds',
    fields: ['AdminFeed.url', 'AdminFeed.title'],
    others: [callers.admin],
    shows: 'public address',
    ask: gql('{ adminFeeds(limit: 100) { feeds { title url } } }'),
  },
  {
    path: 'GraphQL adminStats',
    fields: ['AdminPopularFeed.url'],
    others: [callers.admin],
    shows: 'public address',
    ask: gql('{ adminStats { popularFeeds { title url } } }'),
  },
  {
    path: 'GraphQL adminInsights',
    fields: ['AdminWeakSignal.url', 'AdminBrokenFeed.url'],
    others: [callers.admin],
    shows: 'public address',
    ask: gql('{ adminInsights { content { popularFeeds { title url } weakSignals { title url } brokenFeeds { title url } } } }'),
  },
  {
    path: 'GraphQL refreshFeedAsAdmin (a feed without a title is named by its address)',
    fields: ['RefreshFeedAsAdminPayload.title'],
    others: [callers.admin],
    shows: 'public address',
    ask: gql('mutation R($id: ID!) { refreshFeedAsAdmin(id: $id) { ... on RefreshFeedAsAdminPayload { title } } }', { id: feedId }),
  },
  {
    path: 'GraphQL deleteFeed',
    fields: ['DeleteFeedPayload.title'],
    others: [callers.admin],
    shows: 'public address',
    ask: gql('mutation D($id: ID!) { deleteFeed(id: $id) { ... on DeleteFeedPayload { title } } }', {
      id: encodeGlobalID('AdminFeed', doomed[0]!.id),
    }),
  },
  {
    path: 'REST GET /articles/{id}',
    others: [callers.follower, callers.stranger, callers.admin],
    shows: 'public address',
    ask: get(`/articles/${article!.id}`),
    subscriberSeesWhole: true,
  },
  { path: 'REST GET /articles?liked=true', others: [callers.follower], shows: 'public address', ask: get('/articles?liked=true') },
  { path: 'REST GET /social/shares', others: [callers.follower], shows: 'public address', ask: get('/social/shares') },
  {
    path: 'REST GET /social/users/{id}/shares',
    others: [callers.stranger, callers.admin],
    shows: 'public address',
    ask: get(`/social/users/${subscriber.id}/shares`),
  },
  {
    path: 'REST GET /feeds (the subscriber’s own)',
    others: [callers.stranger],
    shows: 'nothing',
    ask: get('/feeds'),
    subscriberSeesWhole: true,
  },
  {
    path: 'REST GET /folders (the subscriber’s own)',
    others: [callers.stranger],
    shows: 'nothing',
    ask: get('/folders'),
    subscriberSeesWhole: true,
  },
  {
    path: 'REST GET /feeds/export-opml (the subscriber’s own)',
    others: [callers.stranger],
    shows: 'nothing',
    ask: text('/feeds/export-opml'),
    subscriberSeesWhole: true,
  },
  {
    path: 'REST GET /discover/popular',
    others: [callers.follower, callers.stranger, callers.admin],
    shows: 'left out',
    ask: get('/discover/popular'),
  },
  { path: 'REST GET /digests/{id}: a personal digest', others: [callers.follower], shows: 'left out', ask: get(`/digests/${personal.id}`) },
  {
    path: 'REST GET /digests/{id}: an instance digest',
    others: [callers.stranger],
    shows: 'left out',
    ask: get(`/digests/${instance.id}`),
  },
  {
    path: 'REST GET /digests/{id}: one written before the rule',
    others: [callers.follower],
    shows: 'public address',
    ask: get(`/digests/${older.id}`),
  },
  { path: 'REST GET /digests', others: [callers.follower], shows: 'public address', ask: get('/digests') },
  { path: 'REST GET /notifications', others: [callers.follower], shows: 'nothing', ask: get('/notifications') },
  { path: 'REST GET /notifications/groups', others: [callers.follower], shows: 'nothing', ask: get('/notifications/groups') },
  { path: 'REST GET /admin/feeds', others: [callers.admin], shows: 'public address', ask: get('/admin/feeds?limit=100') },
  {
    path: 'REST POST /admin/feeds/{id}/refresh',
    others: [callers.admin],
    shows: 'public address',
    ask: async (caller) => (await rest('POST', `/admin/feeds/${feed.id}/refresh`, { token: caller.token })).body,
  },
  {
    path: 'REST DELETE /admin/feeds/{id}',
    others: [callers.admin],
    shows: 'public address',
    ask: async (caller) => (await rest('DELETE', `/admin/feeds/${doomed[1]!.id}`, { token: caller.token })).body,
  },
  { path: 'REST GET /admin/stats', others: [callers.admin], shows: 'public address', ask: get('/admin/stats') },
  { path: 'REST GET /admin/analytics/insights', others: [callers.admin], shows: 'public address', ask: get('/admin/analytics/insights') },
  { path: 'the public RSS feed', others: [callers.anonymous], shows: 'public address', ask: text('/public/rss') },
  {
    path: 'an export’s articles (relative links read against the feed)',
    others: [callers.follower],
    shows: 'public address',
    ask: () => gatherArticles(services, follower.id, exportOptions.parse({ includeLiked: true }), new Date()),
  },
  {
    path: 'an export’s digest chapter, of one written before the rule',
    others: [callers.follower],
    shows: 'public address',
    ask: () => findExportDigest(services, follower.id, older.id),
  },
  {
    path: 'the e-mail of a digest',
    others: [callers.follower],
    shows: 'left out',
    ask: () =>
      services.db.$queryRaw<{ payload: unknown }[]>`
        SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE t.identifier = 'send_email' AND j.payload->>'subject' = ${mailed.title}`,
  },
];

// GraphQL fields named like an address that name no feed of the instance's, each with the reason.
const NOT_FEED_ADDRESSES: Record<string, string> = {
  'User.avatarUrl': 'a person’s picture',
  'AdminUser.avatarUrl': 'a person’s picture',
  'AdminRecentUser.avatarUrl': 'a person’s picture',
  'AdminWebAnalytics.dashboardUrl': 'ANALYTICS_URL, the administrator’s own setting',
  'Article.url': 'the article’s own page, from the feed’s document',
  'Article.commentsUrl': 'the article’s discussion page, from the feed’s document',
  'Article.imageUrl': 'the article’s picture, from the feed’s document',
  'Article.unsubscribeUrl': 'a newsletter issue’s List-Unsubscribe address, from the message its reader received',
  'ArticleFullText.sourceUrl': 'the article’s own page (Article.url) after its redirects, where its full text was read',
  'Enclosure.url': 'an article’s sound or video, from the feed’s document',
  'BulkSubscribeFailure.url': 'an address the viewer gave',
  'BulkSubscribeFeed.url': 'an address the viewer gave',
  'FeedCandidate.url': 'what detectFeeds found at the address the viewer gave (the subscribe flow)',
  'CommentLink.url': 'a link its commenter wrote',
  'CommentLink.feedUrl': 'the feed discovery found behind a link its commenter wrote',
  'StarterPackFeed.url': 'a curated feed or one of STARTER_PACKS_FILE: not made from the instance’s feeds',
  'ReadingExport.downloadUrl': 'the viewer’s own export file',
  'User.publicSharesFeedUrl': 'the instance’s own feed of a person’s public shares, made from PUBLIC_URL and their id',
  'Instance.publicUrl': 'PUBLIC_URL, the instance’s own address',
};

function leaksIn(answer: unknown): string[] {
  const shown = typeof answer === 'string' ? answer : JSON.stringify(answer);
  return LEAKS.filter((leak) => shown.includes(leak));
}

describe('a feed address with its subscriber’s secrets', () => {
  describe.each(PATHS)('$path', ({ others, shows, ask, subscriberSeesWhole }) => {
    it.each(others)('shows $name no secret', async (caller) => {
      const answer = await ask(caller);
      const shown = typeof answer === 'string' ? answer : JSON.stringify(answer);
      // An answer that is an error would pass the checks below without showing anything.
      expect(answer).not.toHaveProperty('errors');
      expect(answer).not.toHaveProperty('error');
      expect(leaksIn(answer)).toEqual([]);
      if (shows === 'public address') expect(shown).toContain('feeds.example/');
      if (shows === 'left out') {
        expect(shown).not.toContain('feeds.example');
        expect(shown).toMatch(/open\.example|Open feed/);
      }
      if (shows === 'nothing') expect(shown).not.toContain('feeds.example');
    });

    if (subscriberSeesWhole)
      it('shows the subscriber the whole address', async () => {
        const answer = await ask(asSubscriber);
        expect(typeof answer === 'string' ? answer : JSON.stringify(answer)).toContain(SECRET);
      });
  });

  it('shows others the public address itself (host and path), not a mangled one', async () => {
    const node = (await gql('query F($id: ID!) { node(id: $id) { ... on Feed { url siteUrl } } }', { id: feedId })(callers.stranger)) as {
      data: { node: unknown };
    };
    expect(node.data.node).toEqual({ url: PUBLIC, siteUrl: 'https://feeds.example/' });
    const stored = (await get(`/digests/${older.id}`)(callers.follower)) as { content: string; metadata: string };
    expect(stored.content).toContain(`[${PUBLIC}](subscribe:${encodeURIComponent(PUBLIC)})`);
    expect(JSON.parse(stored.metadata).suggestions).toEqual([{ feedId: feed.id, title: '', url: PUBLIC, people: 1 }]);
  });

  it('lists every GraphQL field named like an address, as a feed address checked above or as no feed’s', () => {
    const checked = new Set(PATHS.flatMap((path) => path.fields ?? []));
    const unlisted = Object.values(schema.getTypeMap())
      .filter((type) => isObjectType(type) && !type.name.startsWith('__'))
      .flatMap((type) => Object.keys((type as { getFields: () => object }).getFields()).map((field) => `${type.name}.${field}`))
      .filter((coordinate) => /url$/i.test(coordinate) && !checked.has(coordinate) && !(coordinate in NOT_FEED_ADDRESSES));
    expect(unlisted).toEqual([]);
    // And every field this file names exists, so the list cannot go stale.
    const known = (coordinate: string) => {
      const [type, field] = coordinate.split('.') as [string, string];
      const found = schema.getType(type);
      return isObjectType(found) && field in found.getFields();
    };
    expect([...checked, ...Object.keys(NOT_FEED_ADDRESSES)].filter((coordinate) => !known(coordinate))).toEqual([]);
  });

  it('spells "public as it stands" the same in SQL as publicFeedAddress', async () => {
    const addresses = [
      'https://feeds.example/rss',
      'http://feeds.example:8080/a/b.xml',
      'https://feeds.example/@someone/rss',
      'https://feeds.example/p%40th',
      SECRET,
      'https://reader@feeds.example/rss',
      'https://:pw@feeds.example/rss',
      'https://feeds.example/rss?token=abc',
      'https://feeds.example/rss?',
      'https://feeds.example/rss#x',
      'https://feeds.example/rss#',
    ].map((address) => new URL(address).toString()); // as stored (feedUrl)
    const rows = await services.db.$queryRaw<{ url: string; public: boolean }[]>`
      SELECT "feed".url, ${feedAddressIsPublicSql('feed')} AS public
      FROM unnest(${addresses}::text[]) AS "feed"(url)`;
    expect(Object.fromEntries(rows.map((row) => [row.url, row.public]))).toEqual(
      Object.fromEntries(addresses.map((address) => [address, publicFeedAddress(address) === address])),
    );
    expect(rows.filter((row) => row.public).map((row) => row.url)).toHaveLength(4);
  });
});
