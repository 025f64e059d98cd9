import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { ExtractionError } from './extractArticle.ts';
import { userAgentFor, type FetchOptions } from './fetch.ts';
import { FeedFetchError } from './fetchError.ts';
import { ARTICLE_PAGE_MAX_BYTES, loadArticleText } from './loadArticleText.ts';
import { PAGE_ACCEPT } from './loadPage.ts';
import { plainText } from './sanitise.ts';
import { afterCaller } from '../../test/cleanup.ts';

const STORY = [1, 2, 3, 4]
  .map(
    (n) =>
      `<p>Paragraph ${n} of the story, in which the author explains at some length, with commas and detail, why the river froze over that winter and what the town did next.</p>`,
  )
  .join('\n');

const ARTICLE_PAGE = `<!doctype html><html><head><title>The river froze</title></head><body>
<nav><a href="/">Home</a> <a href="/world">World news menu</a></nav>
<article><h1>The river froze</h1>${STORY}<p>Read <a href="next.html">the next part</a>, with <img src="ice.jpg" alt="Ice">.</p></article>
<footer>Copyright footer line</footer></body></html>`;

/** Pages served whole: path → [Content-Type (none when null), body]. */
const PAGES: Record<string, [string | null, string | Buffer]> = {
  '/2026/the-river.html': ['text/html; charset=utf-8', ARTICLE_PAGE],
  '/untyped.html': [null, ARTICLE_PAGE],
  '/report.pdf': ['application/pdf', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n')],
  '/api/story': ['application/json; charset=utf-8', JSON.stringify({ title: 'The river froze', body: STORY })],
  '/photo.png': ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
  '/untyped.pdf': [null, Buffer.from('%PDF-1.7\n')],
  '/nested.html': ['text/html', `<!doctype html><html><body>${'<div>'.repeat(5000)}${STORY}${'</div>'.repeat(5000)}</body></html>`],
};

/** When the fetcher hung up on each endless answer, so a test can see that nothing is left open. */
const hungUp: Record<string, Promise<void>> = {};

/** A publisher's site: whole pages, a permanent move, and a body that never ends. */
async function startPageServer() {
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://pages.test').pathname;
    const page = PAGES[path];
    if (page) {
      const [type, body] = page;
      return void response.writeHead(200, type ? { 'content-type': type } : {}).end(body);
    }
    if (path === '/old-address') return void response.writeHead(301, { location: '/2026/the-river.html' }).end();
    if (path === '/endless.html') {
      hungUp[path] = new Promise((resolve) => response.once('close', resolve));
      response.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.from(`<p>${'endless words, '.repeat(4000)}</p>`);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      return void pump();
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterCaller(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const feedServer = await startFeedServer();
const site = await startPageServer();
const userAgent = userAgentFor('https://news.example.org');
/** Both servers live on 127.0.0.1, so most tests lift the address check. */
const policy: FetchOptions = { userAgent, allowPrivateHosts: true };
/** The address check on, with only the servers' own address exempt. */
const guardedButLocal: FetchOptions = { userAgent, allowPrivateHosts: false, allowedAddresses: ['127.0.0.1'] };

async function rejection<T extends Error>(promise: Promise<unknown>, type: new (...args: never[]) => T): Promise<T> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(type);
  return error as T;
}

describe('loadArticleText', () => {
  it('reads the article from its page, asking for HTML', async () => {
    const article = await loadArticleText(policy, `${site}/2026/the-river.html`);
    expect(plainText(article.content)).toContain('Paragraph 4 of the story');
    expect(plainText(article.content)).not.toContain('World news menu');
    expect(article).toMatchObject({
      title: 'The river froze',
      sourceUrl: `${site}/2026/the-river.html`,
      canonicalUrl: `${site}/2026/the-river.html`,
    });
    const untyped = await loadArticleText(policy, `${site}/untyped.html`);
    expect(untyped.textLength).toBe(article.textLength);
  });

  it('follows a redirect: the source is the final address, and links resolve against it', async () => {
    const article = await loadArticleText(policy, `${site}/old-address`);
    expect(article.sourceUrl).toBe(`${site}/2026/the-river.html`);
    expect(article.canonicalUrl).toBe(`${site}/2026/the-river.html`);
    expect(article.content).toContain(`href="${site}/2026/next.html"`);
    expect(article.content).toContain(`src="${site}/2026/ice.jpg"`);
  });

  it('sends the page Accept header', async () => {
    await loadArticleText(policy, feedServer.url('/fixtures/page-plain.html?type=text/html')).catch(() => null);
    expect(feedServer.requestsTo('/fixtures/page-plain.html?type=text/html').at(-1)!.headers.accept).toBe(PAGE_ACCEPT);
  });

  it.each([
    ['a PDF', '/report.pdf', 'The article’s address gives application/pdf, not a web page'],
    ['JSON', '/api/story', 'The article’s address gives application/json, not a web page'],
    ['an image', '/photo.png', 'The article’s address gives image/png, not a web page'],
    ['an untyped PDF', '/untyped.pdf', 'The article’s address gives no web page'],
  ])('refuses %s, naming its type', async (_name, path, message) => {
    const error = await rejection(loadArticleText(policy, `${site}${path}`), ExtractionError);
    expect(error).toMatchObject({ kind: 'not-html', message });
  });

  describe('size cap', () => {
    it('is 5 MB', () => {
      expect(ARTICLE_PAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
    });

    it.each([
      ['declared by Content-Length', '/huge?bytes=6000000&declare=1'],
      ['streamed without a length', '/huge?bytes=6000000'],
      ['sent without end', '/huge'],
      ['reached by decompressing a gzip bomb', '/gzip-bomb'],
    ])('refuses a page over it, %s', async (_name, path) => {
      const error = await rejection(loadArticleText(policy, feedServer.url(path)), FeedFetchError);
      expect(error).toMatchObject({ kind: 'too-large', message: 'The feed is larger than 5 MB' });
    });

    it('hangs up on an endless page rather than reading on', async () => {
      const error = await rejection(loadArticleText(policy, `${site}/endless.html`), FeedFetchError);
      expect(error.kind).toBe('too-large');
      await expect(hungUp['/endless.html']).resolves.toBeUndefined();
    });
  });

  describe('time limit', () => {
    it.each([
      ['never sends its headers', '/slow-headers'],
      ['never finishes its body', '/slow-body'],
      ['trickles its body a byte a second', '/trickle'],
    ])('gives up on a server that %s', async (_name, path) => {
      const started = Date.now();
      const error = await rejection(loadArticleText({ ...policy, totalTimeoutMs: 300 }, feedServer.url(path)), FeedFetchError);
      expect(error).toMatchObject({ kind: 'timeout', message: 'The feed took too long to answer' });
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  describe('address check', () => {
    it('refuses the private address itself without sending anything', async () => {
      const before = feedServer.requests.length;
      const error = await rejection(loadArticleText({ userAgent, allowPrivateHosts: false }, feedServer.url('/discovery')), FeedFetchError);
      expect(error.kind).toBe('blocked-address');
      expect(feedServer.requests.length).toBe(before);
    });

    it.each([
      ['the cloud metadata address', '/redirect-to-metadata'],
      ['a private network', `/redirect?to=${encodeURIComponent('http://192.168.1.1/admin')}`],
      ['IPv6 loopback', `/redirect?to=${encodeURIComponent(`http://[::1]:${feedServer.port}/discovery`)}`],
    ])('refuses a redirect to %s', async (_name, path) => {
      const error = await rejection(loadArticleText(guardedButLocal, feedServer.url(path)), FeedFetchError);
      expect(error).toMatchObject({ kind: 'blocked-address', message: 'This address is not allowed (private network)' });
    });
  });

  describe('refusals', () => {
    it('reports a 403', async () => {
      const error = await rejection(loadArticleText(policy, feedServer.url('/status/403')), FeedFetchError);
      expect(error).toMatchObject({
        kind: 'http-status',
        status: 403,
        message: 'The feed answered 403 Forbidden',
        retryAfterSeconds: null,
      });
    });

    it('reports a 429 with the Retry-After the server asked for', async () => {
      const error = await rejection(loadArticleText(policy, feedServer.url('/rate-limited')), FeedFetchError);
      expect(error).toMatchObject({ kind: 'http-status', status: 429, retryAfterSeconds: 120 });
    });
  });

  it('fails too-complex, quickly, on deeply nested markup', async () => {
    const started = Date.now();
    const error = await rejection(loadArticleText(policy, `${site}/nested.html`), ExtractionError);
    expect(error).toMatchObject({ kind: 'too-complex', message: 'The page’s markup is nested more than 400 levels deep' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
