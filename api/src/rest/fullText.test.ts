import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { extractFeedArticles } from '../domain/fullText/extractFeed.ts';
import { startWorker } from '../jobs/worker.ts';

const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true', FULL_TEXT_RECENT_ARTICLES: '3' });
const { services, rest, graphql } = server;
const NEWEST = new Date('2026-11-20T12:00:00Z');

const paragraphs = (words: string) =>
  Array.from(
    { length: 6 },
    (_, i) =>
      `<p>${words} paragraph ${i}: the council met on Tuesday and, after a long debate about the budget, decided that the library stays open on Sundays.</p>`,
  ).join('');

/** Article pages as publishers serve them: a full story among navigation, a paywall, a PDF; `hits` counts fetches per path. */
const hits = new Map<string, number>();
const pages = http.createServer((request, response) => {
  const path = request.url ?? '/';
  hits.set(path, (hits.get(path) ?? 0) + 1);
  if (path.startsWith('/story/')) {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html><head><title>Story</title><link rel="canonical" href="/canonical${path}"></head><body>
      <nav><a href="/">Home</a> Subscribe now</nav>
      <article><div class="story">${paragraphs(`Full text of ${path}`)}<img src="/img/${path.slice(7)}.jpg"></div>
      <aside class="promo">${paragraphs('Promotion')}</aside></article><footer>© Publisher</footer></body></html>`);
  } else if (path === '/paywall') {
    response.statusCode = 403;
    response.end('Subscribers only');
  } else if (path === '/report.pdf') {
    response.setHeader('content-type', 'application/pdf');
    response.end('%PDF-1.7');
  } else {
    response.statusCode = 404;
    response.end();
  }
});
await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => pages.close(() => resolve())));
const origin = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;

let counter = 0;
/** A feed of teasers whose articles link to pages of the page server, followed by a new reader. */
async function teaserFeed(paths: string[]) {
  const reader = await newReader(services);
  const feed = await newFeed(services);
  await follow(services, reader.id, feed.id);
  counter += 1;
  const articles = await publish(
    services,
    feed.id,
    paths.map((path, i) => ({
      publishedAt: new Date(NEWEST.getTime() - i * 60_000),
      title: `Teaser ${i}`,
      content: '<p>The council met on Tuesday… Read more</p>',
      url: `${origin}${path.replace('{n}', `${counter}-${i}`)}`,
    })),
  );
  const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: feed.id } });
  return { reader, feed, articles, subscription };
}

const article = async (id: string, token: string) => (await rest('GET', `/articles/${id}`, { token })).body.article;

describe('full articles', () => {
  it('once a subscription asks for them, its old and new articles are read from their pages by the worker', async () => {
    const { reader, feed, articles, subscription } = await teaserFeed(['/story/{n}', '/story/{n}', '/story/{n}', '/story/{n}']);
    const patched = await rest('PATCH', `/feeds/${subscription.id}`, { token: reader.token, body: { fullText: true } });
    expect(patched).toMatchObject({ status: 200, body: { subscription: { fullText: true, title: expect.any(String) } } });
    expect((await article(articles[0]!.id, reader.token)).fullText).toEqual({
      status: 'pending',
      fetchedAt: null,
      error: null,
      sourceUrl: null,
    });

    const worker = await startWorker(services, services.databaseUrl);
    try {
      const [arrived] = await publish(services, feed.id, [
        { publishedAt: new Date(NEWEST.getTime() + 60_000), url: `${origin}/story/new-${counter}` },
      ]);
      await expect
        .poll(async () => (await article(arrived!.id, reader.token)).fullText?.status, { timeout: 30_000, interval: 250 })
        .toBe('done');
      await expect.poll(async () => (await article(articles[2]!.id, reader.token)).fullText?.status, { timeout: 30_000 }).toBe('done');
    } finally {
      await worker.stop();
    }
    const read = await article(articles[0]!.id, reader.token);
    expect(read.content).toContain(`Full text of /story/${counter}-0 paragraph 5`);
    // The page's image, made absolute against the page, then through the media proxy as feed content is.
    const proxied = read.content.match(/<img src="([^"]+)"/)?.[1];
    expect(Buffer.from(proxied.split('/').pop(), 'base64url').toString()).toBe(`${origin}/img/${counter}-0.jpg`);
    expect(read.content).not.toContain('Subscribe now');
    expect(read.fullText).toMatchObject({ status: 'done', sourceUrl: `${origin}/story/${counter}-0`, error: null });
    // FULL_TEXT_RECENT_ARTICLES (3 here) of the old articles are read; an older one waits to be asked for.
    expect((await article(articles[3]!.id, reader.token)).fullText).toBeNull();
    const row = await services.db.articleFullText.findUniqueOrThrow({ where: { articleId: articles[0]!.id } });
    expect(row.canonicalUrl).toBe(`${origin}/canonical/story/${counter}-0`);

    // The reader's apps get the full article too (Fever here; Google Reader reads the same views).
    const apiToken = (await rest('POST', '/tokens', { token: reader.token, body: { name: 'Reader app' } })).body.token as string;
    const { syncId } = await services.db.article.findUniqueOrThrow({ where: { id: articles[0]!.id }, select: { syncId: true } });
    const fever = await fetch(`${server.url}/api/fever/?api&items&with_ids=${syncId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: createHash('md5').update(`${reader.username}:${apiToken}`).digest('hex') }).toString(),
    });
    expect((await fever.json()).items[0].html).toContain('paragraph 5');

    // Another reader of the feed, who did not ask, sees the feed's version, and the stored text on demand, without a fetch.
    const other = await newReader(services);
    await follow(services, other.id, feed.id);
    expect((await article(articles[0]!.id, other.token)).content).toContain('Read more');
    const fetches = hits.get(`/story/${counter}-0`);
    const shown = await rest('POST', `/articles/${articles[0]!.id}/full-text`, { token: other.token });
    expect(shown).toMatchObject({ status: 200, body: { status: 'done', content: expect.stringContaining('paragraph 5') } });
    expect(hits.get(`/story/${counter}-0`)).toBe(fetches);
  }, 60_000);

  it('on demand: reads any article now, and says why when its page gives none, keeping the feed’s content', async () => {
    const { reader, articles } = await teaserFeed(['/story/{n}', '/paywall', '/report.pdf']);
    const [story, paywalled, pdf] = articles.map((a) => a!.id);
    const loaded = await rest('POST', `/articles/${story}/full-text`, { token: reader.token });
    expect(loaded.body).toMatchObject({ status: 'done', content: expect.stringContaining('paragraph 5'), fetchedAt: expect.any(String) });

    const refused = await rest('POST', `/articles/${paywalled}/full-text`, { token: reader.token });
    expect(refused.body).toMatchObject({ status: 'failed', error: 'The page answered 403 Forbidden' });
    expect(refused.body.content).toBeUndefined();
    expect(await article(paywalled!, reader.token)).toMatchObject({
      content: expect.stringContaining('Read more'),
      fullText: { status: 'failed', error: 'The page answered 403 Forbidden' },
    });
    // Asked again at once, the failure is answered without a second fetch; the background tries again in an hour.
    await rest('POST', `/articles/${paywalled}/full-text`, { token: reader.token });
    expect(hits.get('/paywall')).toBe(1);
    const row = await services.db.articleFullText.findUniqueOrThrow({ where: { articleId: paywalled } });
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    expect((await rest('POST', `/articles/${pdf}/full-text`, { token: reader.token })).body).toMatchObject({
      status: 'failed',
      error: 'The article’s address gives application/pdf, not a web page',
    });
  });

  it('site rules choose the content and remove parts; changing them reads the recent articles again', async () => {
    const { reader, feed, articles, subscription } = await teaserFeed(['/story/{n}']);
    const body = { fullText: true, contentSelector: 'article', removeSelectors: ['.promo', 'img'] };
    const patched = await rest('PATCH', `/feeds/${subscription.id}`, { token: reader.token, body });
    expect(patched.body.subscription.fullTextRules).toEqual({ contentSelector: 'article', removeSelectors: ['.promo', 'img'] });
    await extractFeedArticles(services, feed.id);
    const read = await article(articles[0]!.id, reader.token);
    expect(read.content).toContain('paragraph 5');
    expect(read.content).not.toContain('Promotion');
    expect(read.content).not.toContain('<img');

    await rest('PATCH', `/feeds/${subscription.id}`, { token: reader.token, body: { removeSelectors: [] } });
    expect((await services.db.articleFullText.findUniqueOrThrow({ where: { articleId: articles[0]!.id } })).status).toBe('pending');
    await extractFeedArticles(services, feed.id);
    expect((await article(articles[0]!.id, reader.token)).content).toContain('Promotion');
  });

  it('matches an article to its stories by the address its page gives itself', async () => {
    const { reader, articles } = await teaserFeed(['/story/{n}']);
    const publisher = await newFeed(services);
    await follow(services, reader.id, publisher.id);
    const [original] = await publish(services, publisher.id, [
      { publishedAt: NEWEST, title: 'The library stays open', url: `${origin}/canonical/story/${counter}-0` },
    ]);
    expect((await article(articles[0]!.id, reader.token)).storyId).toBe(articles[0]!.id);
    await rest('POST', `/articles/${articles[0]!.id}/full-text`, { token: reader.token });
    expect((await article(articles[0]!.id, reader.token)).storyId).toBe(original!.id);
  });

  it('refuses bad settings with a clear reason and changes nothing', async () => {
    const { reader, subscription } = await teaserFeed(['/story/{n}']);
    const refusals: [unknown, string][] = [
      [{ fullText: 'yes' }, 'fullText must be true or false'],
      [{ contentSelector: '[[' }, '“[[” is not a CSS selector'],
      [{ contentSelector: 'div >' }, '“div >” ends in a combinator'],
      [{ removeSelectors: Array.from({ length: 21 }, (_, i) => `.x${i}`) }, 'At most 20 selectors to remove'],
      [{ removeSelectors: 'nav' }, 'removeSelectors must be a list of CSS selectors'],
      [{ contentSelector: 'x'.repeat(201) }, 'A selector must be at most 200 characters'],
      [{ fullText: true, loud: true }, 'loud'],
      [{ fullText: true, title: 'x'.repeat(300) }, 'Title must be at most'],
    ];
    for (const [body, message] of refusals) {
      const answer = await rest('PATCH', `/feeds/${subscription.id}`, { token: reader.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toContain(message);
    }
    const unchanged = await services.db.subscription.findUniqueOrThrow({ where: { id: subscription.id }, include: { feed: true } });
    expect(unchanged).toMatchObject({ fullText: false, title: null, feed: { fullTextSelector: null, fullTextRemove: [] } });
    expect(await services.db.articleFullText.count({ where: { feedId: subscription.feedId } })).toBe(0);
  });

  it('is refused signed out, to a bookmarklet token and for another reader’s subscription; a missing article is 404', async () => {
    const { reader, articles, subscription } = await teaserFeed(['/story/{n}']);
    const other = await newReader(services);
    const bookmarklet = (await rest('POST', '/tokens', { token: reader.token, body: { name: 'Bookmarklet', scope: 'bookmarklet' } })).body
      .token as string;
    const id = articles[0]!.id;
    expect((await rest('POST', `/articles/${id}/full-text`)).status).toBe(401);
    expect((await rest('PATCH', `/feeds/${subscription.id}`, { body: { fullText: true } })).status).toBe(401);
    expect((await rest('POST', `/articles/${id}/full-text`, { token: bookmarklet })).status).toBe(403);
    expect((await rest('PATCH', `/feeds/${subscription.id}`, { token: bookmarklet, body: { fullText: true } })).status).toBe(403);
    expect((await rest('PATCH', `/feeds/${subscription.id}`, { token: other.token, body: { fullText: true } })).status).toBe(404);
    expect((await rest('POST', '/articles/0190a000-0000-7000-8000-000000000000/full-text', { token: reader.token })).status).toBe(404);
    expect((await rest('POST', '/articles/not-an-id/full-text', { token: reader.token })).status).toBe(404);

    const mutation = `mutation L($id: ID!) { loadFullText(id: $id) { __typename ... on Error { message } } }`;
    const gqlBookmarklet = await graphql(mutation, { id: encodeGlobalID('Article', id) }, bookmarklet);
    expect(JSON.stringify(gqlBookmarklet.body)).toContain('A bookmarklet token can only');
    expect(await services.db.articleFullText.count({ where: { articleId: id } })).toBe(0);
  });
});

describe('full articles over GraphQL', () => {
  it('loadFullText answers the article with its full text; the subscription carries its settings and progress', async () => {
    const { reader, articles, subscription } = await teaserFeed(['/story/{n}', '/paywall']);
    const load = `mutation L($id: ID!) { loadFullText(id: $id) {
      __typename ... on Article { showsFullText fullText { status content error sourceUrl fetchedAt } } } }`;
    const loaded = await graphql(load, { id: encodeGlobalID('Article', articles[0]!.id) }, reader.token);
    expect(loaded.body.errors).toBeUndefined();
    expect(loaded.body.data.loadFullText).toMatchObject({
      showsFullText: false,
      fullText: {
        status: 'done',
        content: expect.stringContaining('paragraph 5'),
        error: null,
        sourceUrl: expect.stringContaining('/story/'),
      },
    });

    const update = `mutation U($id: ID!) { updateFullTextSettings(id: $id, fullText: true, contentSelector: ".story") {
      __typename ... on FeedSubscription { fullText sendsExcerpts fullTextRules { contentSelector removeSelectors }
        fullTextProgress { pending done failed } } ... on Error { message } } }`;
    const updated = await graphql(update, { id: encodeGlobalID('FeedSubscription', subscription.id) }, reader.token);
    expect(updated.body.data.updateFullTextSettings).toEqual({
      __typename: 'FeedSubscription',
      fullText: true,
      sendsExcerpts: false,
      fullTextRules: { contentSelector: '.story', removeSelectors: [] },
      fullTextProgress: { pending: 2, done: 0, failed: 0 },
    });
    const bad = await graphql(
      `
        mutation U($id: ID!) {
          updateFullTextSettings(id: $id, removeSelectors: ["::before"]) {
            __typename
            ... on Error {
              message
            }
          }
        }
      `,
      { id: encodeGlobalID('FeedSubscription', subscription.id) },
      reader.token,
    );
    expect(bad.body.data.updateFullTextSettings.message).toContain('“::before” is not a CSS selector');
  });
});
