import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it, vi } from 'vitest';
import { startFeedServer } from '../../../test/feedServer.ts';
import { createTestServices } from '../../../test/services.ts';
import { newArticle, newPerson, refusal, socialNotificationsOf } from '../../../test/socialFixtures.ts';
import { enqueueDueFeedsTask } from '../../jobs/tasks/enqueue_due_feeds.ts';
import { getArticle } from '../articles/listArticles.ts';
import { signedMediaPath } from '../media/mediaAddress.ts';
import { mediaSecret } from '../media/mediaProxy.ts';
import { refreshFeed } from '../refresh/refreshFeed.ts';
import { subscribe } from '../subscriptions/subscribe.ts';
import { follow } from './follows.ts';
import { publicSharesFeed } from './publicFeed.ts';
import { listShares } from './shareList.ts';
import { sharePage } from './sharePage.ts';
import { WEB_PAGES_FEED_URL } from './webPagesFeed.ts';

const feeds = await startFeedServer();
const services = await createTestServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
const page = (name: string, type = 'text/html; charset=utf-8') => feeds.url(`/fixtures/${name}?type=${encodeURIComponent(type)}`);
const webPagesFeed = () => services.db.feed.findUnique({ where: { url: WEB_PAGES_FEED_URL } });
const counts = async () => ({
  articles: await services.db.article.count(),
  shares: await services.db.share.count(),
  feeds: await services.db.feed.count(),
});

describe('sharePage', () => {
  it('reads a new page, stores it once as an article of the web pages feed and shares it', async () => {
    const ada = await newPerson(services);
    const { share, article } = await sharePage(services, ada.viewer, {
      url: page('page-open-graph.html'),
      note: '  Look  ',
      isPublic: true,
    });
    const feed = await webPagesFeed();
    expect(feed).toMatchObject({ kind: 'web_pages', title: 'Web pages', siteUrl: null });
    expect(share).toMatchObject({ userId: ada.id, articleId: article.id, note: 'Look', isPublic: true, user: { id: ada.id } });
    expect(article).toEqual({
      id: share.articleId,
      title: 'The Open Graph title & more',
      url: feeds.url('/articles/open-graph'),
      siteName: 'Example News',
      // Answered through the media proxy (an http image), stored as the page gave it.
      imageUrl: `http://tidings.test${signedMediaPath(feeds.url('/images/cover.jpg'), await mediaSecret(services))}`,
    });
    const stored = await services.db.article.findUniqueOrThrow({ where: { id: article.id } });
    expect(stored).toMatchObject({
      imageUrl: feeds.url('/images/cover.jpg'),
      feedId: feed!.id,
      guid: feeds.url('/articles/open-graph'),
      author: null,
      excerpt: 'What the page is about, <b>not</b> bold.',
      content: '<p>What the page is about, &lt;b&gt;not&lt;/b&gt; bold.</p>',
      publishedAt: new Date('2026-03-04T05:06:07Z'),
    });
    expect(feeds.requestsTo('/fixtures/page-open-graph.html?type=text%2Fhtml%3B%20charset%3Dutf-8')[0]?.headers.accept).toMatch(
      /^text\/html/,
    );
  });

  it('reuses the one article of a page shared before, by its address or its canonical address, without fetching again', async () => {
    const bob = await newPerson(services);
    const cy = await newPerson(services);
    const url = page('page-twitter.html');
    const first = await sharePage(services, bob.viewer, { url });
    const fetches = feeds.requests.length;
    const again = await sharePage(services, cy.viewer, { url });
    expect(again.article.id).toBe(first.article.id);
    expect(feeds.requests.length).toBe(fetches);
    // The Open Graph page names its canonical address: shared by that address, it is the same article.
    const byCanonical = await sharePage(services, cy.viewer, { url: feeds.url('/articles/open-graph') });
    expect(await services.db.article.count({ where: { url: feeds.url('/articles/open-graph') } })).toBe(1);
    expect(byCanonical.article.title).toBe('The Open Graph title & more');
    // Sharing again updates the sharer's one share.
    const updated = await sharePage(services, bob.viewer, { url, note: 'second thoughts' });
    expect(updated.share).toMatchObject({ id: first.share.id, note: 'second thoughts' });
    expect(await services.db.share.count({ where: { articleId: first.article.id } })).toBe(2);
  });

  it('shares the article of a subscribed feed with that address as the app does, without fetching the page', async () => {
    const dee = await newPerson(services);
    const articleUrl = feeds.url('/fixtures/page-plain.html?type=text/html');
    const known = await newArticle(services, { url: articleUrl, title: 'From a feed' });
    await services.db.subscription.create({ data: { userId: dee.id, feedId: known.feed.id } });
    const fetches = feeds.requests.length;
    const { share, article } = await sharePage(services, dee.viewer, { url: articleUrl, note: 'via the extension' });
    expect(share.articleId).toBe(known.id);
    expect(article).toEqual({ id: known.id, title: 'From a feed', url: articleUrl, siteName: null, imageUrl: null });
    expect(feeds.requests.length).toBe(fetches);
  });

  it('notifies the people a note mentions, as shareArticle does', async () => {
    const eve = await newPerson(services);
    const fay = await newPerson(services);
    await follow(services, fay.viewer, eve.id);
    const { share } = await sharePage(services, eve.viewer, { url: page('page-bare.html'), note: `for @${fay.username}` });
    expect(await socialNotificationsOf(services, fay.id)).toMatchObject([{ type: 'share_mention', shareId: share.id, fromUserId: eve.id }]);
  });

  it('lets a follower open the shared page, under the feed "Web pages", and the public RSS names no source for it', async () => {
    const gus = await newPerson(services);
    const hal = await newPerson(services);
    await follow(services, hal.viewer, gus.id);
    const { share, article } = await sharePage(services, gus.viewer, { url: page('page-open-graph.html'), isPublic: true });
    const view = await getArticle(services, hal.viewer, article.id, { content: true });
    expect(view).toMatchObject({
      title: 'The Open Graph title & more',
      feedTitle: 'Web pages',
      feed: { title: 'Web pages', viewerSubscribes: false },
      content: '<p>What the page is about, &lt;b&gt;not&lt;/b&gt; bold.</p>',
    });
    expect((await listShares(services, hal.viewer, {})).shares.map((shown) => shown.id)).toContain(share.id);
    const { xml } = await publicSharesFeed(services);
    const item = xml.split('<item>').find((entry) => entry.includes(`tidings-share-${share.id}`))!;
    expect(item).toContain(`<link>${feeds.url('/articles/open-graph')}</link>`);
    expect(item).not.toContain('<source');
  });

  it.each([
    ['no address', {}, 'URL is required'],
    ['an address that is not text', { url: 42 }, 'URL must be text'],
    ['an ftp address', { url: 'ftp://example.org/file' }, 'Please enter a valid http(s) URL'],
    ['a javascript: address', { url: 'javascript:alert(1)' }, 'Please enter a valid http(s) URL'],
    ['a note that is too long', { url: 'https://example.org/', note: 'n'.repeat(1001) }, 'Note must be at most 1000 characters'],
    ['isPublic that is not a boolean', { url: 'https://example.org/', isPublic: 'yes' }, 'isPublic must be true or false'],
  ])('refuses %s with 400 and changes nothing', async (_case, input, message) => {
    const ivy = await newPerson(services);
    const before = await counts();
    expect(await refusal(sharePage(services, ivy.viewer, input))).toEqual({ status: 400, message });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['a feed, not a page', () => feeds.url('/feed'), 'Could not load this page: it is not a web page (application/rss+xml)'],
    ['a PDF', () => page('page-bare.html', 'application/pdf'), 'Could not load this page: it is not a web page (application/pdf)'],
    ['a 404', () => feeds.url('/status/404'), 'Could not load this page: its server answered 404 Not Found'],
    ['an unreachable server', () => 'http://127.0.0.1:1/page', 'Could not load this page: its server could not be reached'],
  ])('refuses %s with a clear message and stores nothing', async (_case, url, message) => {
    const jay = await newPerson(services);
    const before = await counts();
    expect(await refusal(sharePage(services, jay.viewer, { url: url() }))).toEqual({ status: 400, message });
    expect(await counts()).toEqual(before);
  });

  it('keeps the SSRF guard on for instances that do not allow private hosts', async () => {
    const guarded = { ...services, config: { ...services.config, feedAllowPrivateHosts: false } };
    const kim = await newPerson(services);
    const unshared = feeds.url('/fixtures/page-bare.html?type=text/html&guarded=1');
    expect(await refusal(sharePage(guarded, kim.viewer, { url: unshared }))).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Could not load this page: this address is not allowed/),
    });
  });
});

describe('the web pages feed', () => {
  it('is never queued nor fetched by the scheduler, even with a subscription row and a past due date', async () => {
    const lee = await newPerson(services);
    await sharePage(services, lee.viewer, { url: page('page-bare.html') });
    const feed = (await webPagesFeed())!;
    await services.db.feed.update({ where: { id: feed.id }, data: { nextFetchAt: new Date(0) } });
    await services.db.subscription.create({ data: { userId: lee.id, feedId: feed.id } });
    await enqueueDueFeedsTask(services)(null, { logger: { info: vi.fn() } } as unknown as JobHelpers);
    const queued = await services.db.$queryRaw<
      { key: string }[]
    >`SELECT key FROM graphile_worker.jobs WHERE key = ${`refresh_feed:${feed.id}`}`;
    expect(queued).toEqual([]);
    expect(await refreshFeed(services, feed.id)).toEqual({ articlesAdded: 0, error: 'Feed not found' });
    expect(await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ fetchError: null, lastFetchedAt: null });
    await services.db.subscription.deleteMany({ where: { feedId: feed.id } });
  });

  it('cannot be subscribed to by its address', async () => {
    const max = await newPerson(services);
    expect(await refusal(subscribe(services, max.viewer, { url: WEB_PAGES_FEED_URL }))).toEqual({
      status: 400,
      message: 'Please enter a valid http(s) URL',
    });
  });
});

describe('the first shares of an instance, at once', async () => {
  const fresh = await createTestServices({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });

  it('create one web pages feed, and one article for one page', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => newPerson(fresh)));
    const urls = [page('page-bare.html'), page('page-plain.html'), page('page-bare.html'), page('page-twitter.html')];
    const shared = await Promise.all(people.map((person, index) => sharePage(fresh, person.viewer, { url: urls[index] })));
    expect(await fresh.db.feed.count({ where: { kind: 'web_pages' } })).toBe(1);
    expect(await fresh.db.article.count()).toBe(3);
    expect(shared[0]!.article.id).toBe(shared[2]!.article.id);
  });
});
