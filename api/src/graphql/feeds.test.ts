import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';

describe('GraphQL feeds', async () => {
  const feeds = await startFeedServer();
  const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const ada = await signUp(server.services);

  it('detects, subscribes, refreshes one and refreshes all', async () => {
    const detected = await server.graphql(
      `query($url: String!) { detectFeeds(url: $url) { __typename ... on QueryDetectFeedsSuccess { data { url title } } ... on Error { message } } }`,
      { url: feeds.url('/discovery') },
      ada.token,
    );
    expect(detected.body.data.detectFeeds.data).toHaveLength(3);

    const subscribed = await server.graphql(
      `mutation($url: String!) { subscribeToFeed(url: $url) { __typename
        ... on SubscribeToFeedPayload { articlesAdded subscription { id title feed { url fetchError } } } ... on Error { message } } }`,
      { url: feeds.url('/feed') },
      ada.token,
    );
    const payload = subscribed.body.data.subscribeToFeed;
    expect(payload).toMatchObject({
      articlesAdded: 1,
      subscription: { title: 'Fixture feed', feed: { url: feeds.url('/feed'), fetchError: null } },
    });

    const again = await server.graphql(
      `mutation($url: String!) { subscribeToFeed(url: $url) { __typename ... on Error { message } } }`,
      { url: feeds.url('/feed') },
      ada.token,
    );
    expect(again.body.data.subscribeToFeed).toEqual({ __typename: 'ConflictError', message: 'Already subscribed to this feed' });

    const refreshed = await server.graphql(
      `mutation($id: ID!) { refreshSubscription(id: $id) { __typename ... on RefreshSubscriptionPayload { articlesAdded error } } }`,
      { id: payload.subscription.id },
      ada.token,
    );
    expect(refreshed.body.data.refreshSubscription).toMatchObject({ articlesAdded: 0, error: null });

    const all = await server.graphql(
      `mutation { refreshAllSubscriptions { articlesAdded feedsRefreshed failed alreadyRunning } }`,
      {},
      ada.token,
    );
    expect(all.body.data.refreshAllSubscriptions).toEqual({ articlesAdded: 0, feedsRefreshed: 1, failed: 0, alreadyRunning: false });
  });

  it('tries an address typed without a scheme over http:// when https:// cannot be reached, and only then', async () => {
    const bob = await signUp(server.services);
    const bare = (path: string) => feeds.url(path).replace(/^http:\/\//, '');
    const detected = await server.graphql(
      `query($url: String!) { detectFeeds(url: $url) { __typename ... on QueryDetectFeedsSuccess { data { url } } ... on Error { message } } }`,
      { url: bare('/discovery') },
      bob.token,
    );
    expect(detected.body.data.detectFeeds.data).toHaveLength(3);
    const subscribe = (url: string) =>
      server.graphql(
        `mutation($url: String!) { subscribeToFeed(url: $url) { __typename
          ... on SubscribeToFeedPayload { subscription { feed { url } } } ... on Error { message } } }`,
        { url },
        bob.token,
      );
    // Typed with https://, the address means it: the server here speaks no TLS.
    const secure = await subscribe(feeds.url('/feed').replace(/^http:/, 'https:'));
    expect(secure.body.data.subscribeToFeed).toEqual({
      __typename: 'InvalidInputError',
      message: 'The feed’s secure connection failed (certificate or TLS error)',
    });
    const subscribed = await subscribe(bare('/feed'));
    expect(subscribed.body.data.subscribeToFeed.subscription.feed.url).toBe(feeds.url('/feed'));
  });

  it('imports and exports OPML', async () => {
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
      <outline text="Reading"><outline type="rss" text="Fixture" xmlUrl="${feeds.url('/feed.json')}"/></outline></body></opml>`;
    const imported = await server.graphql(
      `mutation($text: String!) { importOpml(filename: "mine.opml", text: $text) { __typename ... on BulkSubscribePayload { jobId summary { subscribed skipped errors } } ... on Error { message } } }`,
      { text: opml },
      ada.token,
    );
    expect(imported.body.data.importOpml).toEqual({
      __typename: 'BulkSubscribePayload',
      jobId: null,
      summary: { subscribed: 1, skipped: 0, errors: 0 },
    });
    const wrongName = await server.graphql(
      `mutation { importOpml(filename: "mine.txt", text: "<opml/>") { __typename ... on Error { message } } }`,
      {},
      ada.token,
    );
    expect(wrongName.body.data.importOpml).toEqual({
      __typename: 'InvalidInputError',
      message: 'Please select a valid OPML file (.opml or .xml)',
    });

    const exported = await server.graphql(`{ subscriptionsOpml { filename text } }`, {}, ada.token);
    expect(exported.body.data.subscriptionsOpml.filename).toMatch(/^tidings-subscriptions-\d{4}-\d{2}-\d{2}\.opml$/);
    expect(exported.body.data.subscriptionsOpml.text).toContain('<outline text="Reading"');
  });

  it('tells when a feed whose server asked to wait will be tried, on the retry and on the subscription', async () => {
    const feed = await server.services.db.feed.create({
      data: {
        url: feeds.url('/rate-limited?graphql'),
        fetchError: 'The feed answered 429 Too Many Requests',
        retryAfterUntil: new Date(Date.now() + 60_000),
      },
    });
    const subscription = await server.services.db.subscription.create({ data: { userId: ada.user.id, feedId: feed.id } });
    const { body } = await server.graphql(`{ feedSubscriptions { id feed { url retryAfterUntil } } }`, {}, ada.token);
    const mine = (body.data.feedSubscriptions as { id: string; feed: { url: string; retryAfterUntil: string } }[]).find(
      (each) => each.feed.url === feed.url,
    )!;
    expect(mine.feed.retryAfterUntil).toBe(feed.retryAfterUntil!.toISOString());

    const retried = await server.graphql(
      `mutation($id: ID!) { refreshSubscription(id: $id) { ... on RefreshSubscriptionPayload { articlesAdded error retryAt } } }`,
      { id: mine.id },
      ada.token,
    );
    expect(retried.body.data.refreshSubscription).toEqual({
      articlesAdded: 0,
      error: 'The feed answered 429 Too Many Requests',
      retryAt: feed.retryAfterUntil!.toISOString(),
    });
    const all = await server.graphql(
      `mutation { refreshAllSubscriptions { failedFeeds { title error retryAt subscription { id } } } }`,
      {},
      ada.token,
    );
    expect(all.body.data.refreshAllSubscriptions.failedFeeds).toContainEqual({
      title: expect.any(String),
      error: 'The feed answered 429 Too Many Requests',
      retryAt: feed.retryAfterUntil!.toISOString(),
      subscription: { id: mine.id },
    });
    expect(feeds.requestsTo('/rate-limited?graphql')).toHaveLength(0);
    await server.services.db.subscription.delete({ where: { id: subscription.id } });
  });

  it("tells for each detected feed whether the viewer already subscribes, the bookmarklet's token too", async () => {
    const cleo = await signUp(server.services);
    await server.graphql(
      `mutation($url: String!) { subscribeToFeed(url: $url) { __typename } }`,
      { url: feeds.url('/feed.json') },
      cleo.token,
    );
    const bookmarklet = await server.rest('POST', '/tokens', { token: cleo.token, body: { name: 'Bookmarklet', scope: 'bookmarklet' } });
    for (const token of [cleo.token, bookmarklet.body.token as string]) {
      const { body } = await server.graphql(
        `query($url: String!) { detectFeeds(url: $url) { ... on QueryDetectFeedsSuccess { data { url subscribed } } ... on Error { message } } }`,
        { url: feeds.url('/discovery') },
        token,
      );
      expect(body.data.detectFeeds.data).toEqual([
        { url: feeds.url('/feed'), subscribed: false },
        { url: feeds.url('/fixtures/fetch-minimal-rss.xml?type=application/atom%2Bxml'), subscribed: false },
        { url: feeds.url('/feed.json'), subscribed: true },
      ]);
    }
    // Someone else's subscriptions do not count.
    const { body } = await server.graphql(
      `query($url: String!) { detectFeeds(url: $url) { ... on QueryDetectFeedsSuccess { data { subscribed } } } }`,
      { url: feeds.url('/feed.json') },
      (await signUp(server.services)).token,
    );
    expect(body.data.detectFeeds.data).toEqual([{ subscribed: false }]);
  });

  it("keeps an OPML import's report, every feed with its outcome, until its owner dismisses it", async () => {
    const [dora, eve] = [await signUp(server.services), await signUp(server.services)];
    const REPORT = `id done filename total subscribed skipped errors feeds { url outcome reason }`;
    const opml = `<?xml version="1.0"?><opml version="2.0"><head/><body>
      <outline text="Gone"><outline type="rss" text="Broken" xmlUrl="${feeds.url('/status/500')}"/></outline>
      <outline text="Reading"><outline type="rss" text="Fixture" xmlUrl="${feeds.url('/feed?n=graphql-report')}"/></outline>
      </body></opml>`;
    const imported = await server.graphql(
      `mutation($text: String!) { importOpml(filename: "elsewhere.opml", text: $text) { __typename
        ... on BulkSubscribePayload { report { ${REPORT} } } ... on Error { message } } }`,
      { text: opml },
      dora.token,
    );
    const report = {
      id: expect.any(String),
      done: true,
      filename: 'elsewhere.opml',
      total: 2,
      subscribed: 1,
      skipped: 0,
      errors: 1,
      feeds: [
        { url: feeds.url('/status/500'), outcome: 'failed', reason: 'The feed answered 500 Internal Server Error' },
        { url: feeds.url('/feed?n=graphql-report'), outcome: 'added', reason: null },
      ],
    };
    expect(imported.body.data.importOpml).toEqual({ __typename: 'BulkSubscribePayload', report });
    const { id } = imported.body.data.importOpml.report;
    const folders = await server.graphql(`{ folders { name } }`, {}, dora.token);
    expect(folders.body.data.folders).toEqual([{ name: 'Reading' }]);

    const stored = await server.graphql(`{ opmlImportReport { ${REPORT} } }`, {}, dora.token);
    expect(stored.body.data.opmlImportReport).toEqual({ ...report, id });
    expect((await server.graphql(`{ opmlImportReport { id } }`, {}, eve.token)).body.data.opmlImportReport).toBeNull();

    const DISMISS = `mutation($id: ID!) { dismissOpmlImport(jobId: $id) { __typename
      ... on DismissOpmlImportPayload { dismissedJobId } ... on Error { message } } }`;
    expect((await server.graphql(DISMISS, { id }, eve.token)).body.data.dismissOpmlImport).toEqual({
      __typename: 'NotFoundError',
      message: 'Import not found',
    });
    expect((await server.graphql(DISMISS, { id })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.graphql(`{ opmlImportReport { id } }`)).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await server.graphql(`{ opmlImportReport { id } }`, {}, dora.token)).body.data.opmlImportReport).toEqual({ id });

    expect((await server.graphql(DISMISS, { id }, dora.token)).body.data.dismissOpmlImport).toEqual({
      __typename: 'DismissOpmlImportPayload',
      dismissedJobId: id,
    });
    expect((await server.graphql(`{ opmlImportReport { id } }`, {}, dora.token)).body.data.opmlImportReport).toBeNull();
  });

  it('refuses anonymous callers', async () => {
    const response = await server.graphql(`mutation { refreshAllSubscriptions { articlesAdded } }`);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
