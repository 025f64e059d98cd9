import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tryAcquireLease } from '../domain/core/leases.ts';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';

const fixture = (name: string) => readFileSync(new URL(`../ingest/testdata/${name}`, import.meta.url));

describe('REST /api/feeds', async () => {
  const feeds = await startFeedServer();
  const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const { services } = server;
  const ada = await signUp(services);
  const bob = await signUp(services);

  async function uploadOpml(token: string, filename: string, content: Buffer | string) {
    const form = new FormData();
    form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
    const response = await fetch(`${server.url}/api/feeds/import-opml`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: await response.json() };
  }

  describe('subscribing', () => {
    it('subscribes to a feed and fetches its articles right away', async () => {
      const response = await server.rest('POST', '/feeds/subscribe', { token: ada.token, body: { url: feeds.url('/feed') } });
      expect(response.status).toBe(201);
      expect(response.body.articlesAdded).toBe(1);
      expect(response.body.subscription).toMatchObject({ title: 'Fixture feed', feed: { url: feeds.url('/feed'), fetchError: null } });
      const feed = await services.db.feed.findUniqueOrThrow({ where: { url: feeds.url('/feed') }, include: { articles: true } });
      expect(feed.articles.map((article) => article.title)).toEqual(['Hello']);
      expect(feed.etag).toBe('"fixture-v1"');
    });

    it("refuses a second subscription to the same feed with 'Already subscribed to this feed'", async () => {
      const response = await server.rest('POST', '/feeds/subscribe', { token: ada.token, body: { url: feeds.url('/feed') } });
      expect(response).toMatchObject({ status: 409, body: { error: 'Already subscribed to this feed' } });
      expect(await services.db.subscription.count({ where: { userId: ada.user.id } })).toBe(1);
    });

    it('stores a feed once for all its subscribers', async () => {
      const feedsBefore = await services.db.feed.count();
      const response = await server.rest('POST', '/feeds/subscribe', { token: bob.token, body: { url: feeds.url('/feed') } });
      expect(response.status).toBe(201);
      expect(await services.db.feed.count()).toBe(feedsBefore);
      expect(await services.db.article.count({ where: { feed: { url: feeds.url('/feed') } } })).toBe(1);
    });

    it('subscribes to the feed a web page advertises', async () => {
      const carol = await signUp(services);
      const response = await server.rest('POST', '/feeds/subscribe', { token: carol.token, body: { url: feeds.url('/discovery') } });
      expect(response.status).toBe(201);
      expect(response.body.subscription.feed.url).toBe(feeds.url('/feed'));
    });

    it.each([
      [{ url: '' }, 'URL is required'],
      [{}, 'URL is required'],
      [{ url: 42 }, 'URL must be text'],
      [{ url: 'ftp://example.org/feed' }, 'Please enter a valid http(s) URL'],
      [{ url: 'javascript:alert(1)' }, 'Please enter a valid http(s) URL'],
      [{ url: `https://example.org/${'x'.repeat(2100)}` }, 'URL must be at most 2048 characters'],
    ])('refuses %j with "%s" and subscribes to nothing', async (body, message) => {
      const before = await services.db.subscription.count();
      const response = await server.rest('POST', '/feeds/subscribe', { token: ada.token, body });
      expect(response).toMatchObject({ status: 400, body: { error: message } });
      expect(await services.db.subscription.count()).toBe(before);
    });

    it('explains a feed that cannot be fetched and stores nothing', async () => {
      const before = await services.db.feed.count();
      const response = await server.rest('POST', '/feeds/subscribe', { token: ada.token, body: { url: feeds.url('/status/404') } });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/404/);
      expect(await services.db.feed.count()).toBe(before);
    });

    it('refuses private addresses unless the instance allows them', async () => {
      const guarded = await startTestServer();
      const someone = await signUp(guarded.services);
      const requestsBefore = feeds.requestsTo('/feed').length;
      const response = await guarded.rest('POST', '/feeds/subscribe', { token: someone.token, body: { url: feeds.url('/feed') } });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/not allowed/i);
      expect(feeds.requestsTo('/feed')).toHaveLength(requestsBefore);
      expect(await guarded.services.db.feed.count()).toBe(0);
    });
  });

  describe('detecting', () => {
    it('lists the feeds a page advertises, with their titles', async () => {
      const response = await server.rest('POST', '/feeds/detect', { token: ada.token, body: { url: feeds.url('/discovery') } });
      expect(response.status).toBe(200);
      expect(response.body.feeds.map((feed: { url: string }) => feed.url)).toEqual([
        feeds.url('/feed'),
        feeds.url('/fixtures/fetch-minimal-rss.xml?type=application/atom%2Bxml'),
        feeds.url('/feed.json'),
      ]);
      expect(response.body.feeds[0]).toMatchObject({ title: 'Fixture feed' });
    });

    it('answers the address itself when it is a feed', async () => {
      const response = await server.rest('POST', '/feeds/detect', { token: ada.token, body: { url: feeds.url('/feed') } });
      expect(response.body.feeds).toEqual([
        { url: feeds.url('/feed'), title: 'Fixture feed', description: expect.any(String), subscribed: expect.any(Boolean) },
      ]);
    });

    it('tells for each feed whether the viewer already subscribes to it', async () => {
      const fern = await signUp(services);
      await server.rest('POST', '/feeds/subscribe', { token: fern.token, body: { url: feeds.url('/feed.json') } });
      const response = await server.rest('POST', '/feeds/detect', { token: fern.token, body: { url: feeds.url('/discovery') } });
      expect(response.body.feeds.map(({ url, subscribed }: { url: string; subscribed: boolean }) => [url, subscribed])).toEqual([
        [feeds.url('/feed'), false],
        [feeds.url('/fixtures/fetch-minimal-rss.xml?type=application/atom%2Bxml'), false],
        [feeds.url('/feed.json'), true],
      ]);
    });

    it('explains an address that cannot be fetched', async () => {
      const response = await server.rest('POST', '/feeds/detect', { token: ada.token, body: { url: feeds.url('/status/500') } });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/500/);
    });
  });

  describe('managing subscriptions', () => {
    it('lists, renames and unsubscribes', async () => {
      const [subscription] = (await server.rest('GET', '/feeds', { token: ada.token })).body.feeds;
      expect(subscription).toMatchObject({ title: 'Fixture feed', customTitle: null, folderId: null });

      const renamed = await server.rest('PATCH', `/feeds/${subscription.id}`, { token: ada.token, body: { title: 'My fixture' } });
      expect(renamed.body.subscription).toMatchObject({ title: 'My fixture', customTitle: 'My fixture' });
      const reset = await server.rest('PATCH', `/feeds/${subscription.id}`, { token: ada.token, body: { title: '  ' } });
      expect(reset.body.subscription).toMatchObject({ title: 'Fixture feed', customTitle: null });
      const tooLong = await server.rest('PATCH', `/feeds/${subscription.id}`, { token: ada.token, body: { title: 't'.repeat(201) } });
      expect(tooLong.status).toBe(400);

      expect((await server.rest('DELETE', `/feeds/${subscription.id}`, { token: bob.token })).status).toBe(404);
      expect((await server.rest('POST', `/feeds/${subscription.id}/refresh`, { token: bob.token })).status).toBe(404);
      expect((await server.rest('POST', `/feeds/${subscription.id}/refresh`)).status).toBe(401);
      expect((await server.rest('DELETE', `/feeds/${subscription.id}`, { token: ada.token })).status).toBe(204);
      expect((await server.rest('GET', '/feeds', { token: ada.token })).body.feeds).toEqual([]);
      expect(await services.db.feed.count({ where: { url: feeds.url('/feed') } })).toBe(1);
    });
  });

  describe('refreshing', () => {
    it('refreshes one feed with a conditional GET: a 304 adds nothing', async () => {
      const [subscription] = (await server.rest('GET', '/feeds', { token: bob.token })).body.feeds;
      const before = feeds.requestsTo('/feed').length;
      const response = await server.rest('POST', `/feeds/${subscription.id}/refresh`, { token: bob.token });
      expect(response).toMatchObject({ status: 200, body: { articlesAdded: 0, error: null } });
      const last = feeds.requestsTo('/feed').slice(before).at(-1);
      expect(last?.headers['if-none-match']).toBe('"fixture-v1"');
    });

    it('records a failing feed’s error, counts it and backs off', async () => {
      const subscribed = await server.rest('POST', '/feeds/subscribe', { token: bob.token, body: { url: feeds.url('/feed.json') } });
      await services.db.feed.update({ where: { id: subscribed.body.subscription.feed.id }, data: { url: feeds.url('/status/410') } });
      const response = await server.rest('POST', `/feeds/${subscribed.body.subscription.id}/refresh`, { token: bob.token });
      expect(response.body.error).toMatch(/410/);
      const feed = await services.db.feed.findUniqueOrThrow({ where: { id: subscribed.body.subscription.feed.id } });
      expect(feed.fetchError).toMatch(/410/);
      expect(feed.errorCount).toBe(1);
      expect(feed.nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60 * 1000);
      const listed = (await server.rest('GET', '/feeds', { token: bob.token })).body.feeds;
      const failing = listed.find((s: { id: string }) => s.id === subscribed.body.subscription.id);
      expect(failing.feed.fetchError).toMatch(/410/);
      // lastFetchedAt moves on a failure too; the last success stays when the subscription's fetch worked.
      expect(failing).toMatchObject({ lastError: failing.feed.fetchError, lastSuccessAt: subscribed.body.subscription.lastSuccessAt });
      expect(failing.lastSuccessAt).not.toBeNull();
      expect(new Date(failing.feed.lastFetchedAt).getTime()).toBeGreaterThan(new Date(failing.lastSuccessAt).getTime());
      const healthy = listed.find((s: { id: string }) => s.id !== subscribed.body.subscription.id);
      expect(healthy).toMatchObject({ lastError: null, lastSuccessAt: expect.any(String), unreadCount: expect.any(Number) });
    });

    it("refreshes all the viewer's feeds and ignores a second request while one runs", async () => {
      const response = await server.rest('POST', '/feeds/refresh-all', { token: bob.token });
      expect(response.body).toMatchObject({ alreadyRunning: false, feedsRefreshed: 2, failed: 1 });
      const failing = (await server.rest('GET', '/feeds', { token: bob.token })).body.feeds.find(
        (s: { lastError: string | null }) => s.lastError,
      );
      expect(response.body.failedFeeds).toEqual([
        { feedId: failing.feed.id, subscriptionId: failing.id, title: failing.title, error: expect.stringMatching(/410/), retryAt: null },
      ]);

      expect(await tryAcquireLease(services, `refresh-all:${bob.user.id}`, 60_000)).toBe(true);
      const ignored = await server.rest('POST', '/feeds/refresh-all', { token: bob.token });
      expect(ignored.body).toEqual({ alreadyRunning: true, articlesAdded: 0, feedsRefreshed: 0, failed: 0, failedFeeds: [] });
    });
  });

  describe('OPML', () => {
    /** An OPML file of feeds on the local feed server: `folders` of `/feed?n=…` addresses, then `root` ones. */
    function localOpml(folders: Record<string, number[]>, root: number[]) {
      const feed = (n: number) => `<outline type="rss" text="Feed ${n}" xmlUrl="${feeds.url(`/feed?n=${n}`)}"/>`;
      const folderOutlines = Object.entries(folders).map(([name, ns]) => `<outline text="${name}">${ns.map(feed).join('')}</outline>`);
      return `<?xml version="1.0"?><opml version="2.0"><head/><body>${folderOutlines.join('')}${root.map(feed).join('')}</body></opml>`;
    }

    it('imports folders and feeds, fetching them, skipping what is already subscribed', async () => {
      const dave = await signUp(services);
      const file = localOpml({ Tech: [1, 2, 3], News: [4] }, [5]);
      const first = await uploadOpml(dave.token, 'subscriptions.opml', file);
      expect(first).toMatchObject({ status: 200, body: { added: 5, skipped: 0, errors: 0 } });
      const folders = await services.db.folder.findMany({
        where: { userId: dave.user.id },
        include: { _count: { select: { subscriptions: true } } },
      });
      expect(Object.fromEntries(folders.map((folder) => [folder.name, folder._count.subscriptions]))).toEqual({ Tech: 3, News: 1 });
      expect(await services.db.article.count({ where: { feed: { url: feeds.url('/feed?n=1') } } })).toBe(1);

      const again = await uploadOpml(dave.token, 'subscriptions.xml', file);
      expect(again.body).toMatchObject({ added: 0, skipped: 5, errors: 0 });
      expect(again.body.feeds[0]).toEqual({ url: feeds.url('/feed?n=1'), outcome: 'skipped', reason: 'Already subscribed to this feed' });
    });

    it('answers what became of every feed, with the reason for each failure, and makes no empty folder', async () => {
      const gail = await signUp(services);
      const broken = `<outline text="Broken"><outline type="rss" text="Gone" xmlUrl="${feeds.url('/status/500?rest')}"/></outline>`;
      const file = localOpml({ Fine: [6] }, []).replace('<body>', `<body>${broken}`);
      const response = await uploadOpml(gail.token, 'mixed.opml', file);
      expect(response).toEqual({
        status: 200,
        body: {
          added: 1,
          skipped: 0,
          errors: 1,
          failures: [{ url: feeds.url('/status/500?rest'), error: 'The feed answered 500 Internal Server Error' }],
          feeds: [
            { url: feeds.url('/status/500?rest'), outcome: 'failed', reason: 'The feed answered 500 Internal Server Error' },
            { url: feeds.url('/feed?n=6'), outcome: 'added', reason: null },
          ],
        },
      });
      const folders = await services.db.folder.findMany({ where: { userId: gail.user.id } });
      expect(folders.map((folder) => folder.name)).toEqual(['Fine']);
    });

    it('reads the address from xmlUrl, xmlURL, xmlurl or url, and keeps a feed listed in two categories in the first', async () => {
      const hana = await signUp(services);
      const file = `<?xml version="1.0"?><opml version="2.0"><head/><body>
        <outline text="Tech">
          <outline text="One" xmlURL="${feeds.url('/feed?n=21')}"/>
          <outline text="Two" xmlurl="${feeds.url('/feed?n=22')}"/>
        </outline>
        <outline text="News">
          <outline text="Three" url="${feeds.url('/feed?n=23')}"/>
          <outline text="One again" xmlUrl="${feeds.url('/feed?n=21')}"/>
          <outline text="No address"/>
        </outline>
      </body></opml>`;
      const response = await uploadOpml(hana.token, 'spellings.opml', file);
      expect(response).toEqual({
        status: 200,
        body: {
          added: 3,
          skipped: 1,
          errors: 0,
          failures: [],
          feeds: [
            { url: feeds.url('/feed?n=21'), outcome: 'added', reason: null },
            { url: feeds.url('/feed?n=22'), outcome: 'added', reason: null },
            { url: feeds.url('/feed?n=23'), outcome: 'added', reason: null },
            { url: feeds.url('/feed?n=21'), outcome: 'skipped', reason: 'Listed more than once: kept in the folder "Tech"' },
          ],
        },
      });
      const subscriptions = await services.db.subscription.findMany({
        where: { userId: hana.user.id },
        select: { feed: { select: { url: true } }, folder: { select: { name: true } } },
        orderBy: { feed: { url: 'asc' } },
      });
      expect(subscriptions.map(({ feed, folder }) => [feed.url, folder?.name])).toEqual([
        [feeds.url('/feed?n=21'), 'Tech'],
        [feeds.url('/feed?n=22'), 'Tech'],
        [feeds.url('/feed?n=23'), 'News'],
      ]);
    });

    it('hands more than ten feeds to a job, answering 202 with the job to follow', async () => {
      const erin = await signUp(services);
      const response = await uploadOpml(
        erin.token,
        'many.opml',
        localOpml(
          {},
          Array.from({ length: 11 }, (_, i) => 100 + i),
        ),
      );
      expect(response).toEqual({ status: 202, body: { jobId: expect.any(String), total: 11 } });
      expect(await server.rest('GET', `/discover/bulk-subscribe/${response.body.jobId}`, { token: erin.token })).toMatchObject({
        status: 200,
        body: { done: false, total: 11 },
      });
    });

    it.each([
      ['notes.txt', fixture('opml-flat.opml'), 'Please select a valid OPML file (.opml or .xml)'],
      ['broken.opml', fixture('opml-broken.opml'), undefined],
      ['xxe.opml', fixture('opml-xxe.opml'), undefined],
    ])('refuses %s cleanly and imports nothing', async (filename, content, message) => {
      const before = await services.db.subscription.count();
      const response = await uploadOpml(ada.token, filename, content);
      expect(response.status).toBe(400);
      expect(typeof response.body.error).toBe('string');
      if (message) expect(response.body.error).toBe(message);
      expect(await services.db.subscription.count()).toBe(before);
    });

    it('refuses a file over 1 MB', async () => {
      const response = await uploadOpml(ada.token, 'huge.opml', 'x'.repeat(1024 * 1024 + 10));
      expect(response).toMatchObject({ status: 400, body: { error: 'The OPML file is larger than 1 MB' } });
    });

    it('exports the subscriptions with their folders as a dated .opml download', async () => {
      const response = await fetch(`${server.url}/api/feeds/export-opml`, { headers: { authorization: `Bearer ${bob.token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="tidings-subscriptions-\d{4}-\d{2}-\d{2}\.opml"$/);
      const text = await response.text();
      expect(text).toContain('<opml version="2.0">');
      expect(text).toContain(`xmlUrl="${feeds.url('/feed')}"`);
    });
  });

  it('refuses signed-out callers', async () => {
    expect((await server.rest('GET', '/feeds')).status).toBe(401);
    expect((await server.rest('POST', '/feeds/subscribe', { body: { url: feeds.url('/feed') } })).status).toBe(401);
  });
});
