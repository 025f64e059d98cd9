/**
 * Fixture feeds for the journeys, served from 127.0.0.1 by the test process (never the internet): each test
 * gets its own site under a unique path, with an RSS, an Atom and a JSON feed (the API's parser fixtures), an
 * HTML page advertising all three, a page advertising none, and a news feed whose items the test publishes. Two
 * copies of the page with feeds carry a Content Security Policy: one runs no script at all, one shows no frame.
 */
import { test as base, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { graphql } from './users.ts';

const TESTDATA = path.join(import.meta.dirname, '../../api/src/ingest/testdata');
const fixture = (name: string) => readFileSync(path.join(TESTDATA, name));

/** The feeds' titles as the server reads them from the fixtures. */
export const FEED_TITLES = { rss: 'Example & Co — Blog', atom: 'Example Atom Blog', json: 'JSON Feed 1.1 example', news: 'Fixture News' };

type SiteState = { broken: boolean; brokenFiles: Set<string>; limited: Map<string, number>; delayMs: number; published: number };

export type FeedSite = {
  /**
   * The address of a file of this site: rss.xml, atom.xml, feed.json, news.xml, index.html, plain.html, and the
   * pages with a policy, strict.html (`script-src 'none'`) and noframes.html (`frame-src 'none'`).
   */
  url: (file: string) => string;
  /** Every file answers 500 from now on, or only `file` when given. */
  break: (file?: string) => void;
  /** `file` answers 429 Too Many Requests with `Retry-After: seconds` from now on, broken or not. */
  limit: (file: string, seconds: number) => void;
  /** Answers this much later, so a test can see what happens while a fetch runs. */
  slowDown: (ms: number) => void;
  /** news.xml carries this many items. */
  publish: (count: number) => void;
};

function newsFeed(prefix: string, count: number): string {
  const items = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    return `<item><title>News ${n}</title><link>https://news.example.test${prefix}${n}</link><guid>${prefix}news-${n}</guid><pubDate>${new Date(Date.UTC(2024, 0, n)).toUTCString()}</pubDate><description>Item ${n}</description></item>`;
  }).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${FEED_TITLES.news}</title><link>https://news.example.test/</link><description>Published by the test</description>${items}</channel></rss>`;
}

const page = (links: string, title = 'Fixture site') =>
  `<!doctype html><html><head><title>${title}</title>${links}</head><body><p>A site with feeds.</p></body></html>`;

const feedLinks =
  '<link rel="alternate" type="application/rss+xml" title="RSS" href="rss.xml">' +
  '<link rel="alternate" type="application/atom+xml" title="Atom" href="atom.xml">' +
  '<link rel="alternate" type="application/feed+json" title="JSON" href="feed.json">';
const alternates = page(feedLinks);

/** The pages with a policy: what they forbid, and their titles. */
const POLICIES: Record<string, { csp: string; title: string }> = {
  'strict.html': { csp: "default-src 'none'; script-src 'none'", title: 'Strict site' },
  'noframes.html': { csp: "frame-src 'none'", title: 'Frameless site' },
};

function startServer(sites: Map<string, SiteState>): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const [, prefix = '', file = ''] = url.pathname.split('/');
    const site = sites.get(prefix);
    const answer = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': type, ...headers });
      response.end(body);
    };
    const respond = () => {
      if (!site) return answer(404, 'text/plain', 'no such site');
      const retryAfter = site.limited.get(file);
      if (retryAfter !== undefined) return answer(429, 'text/plain', 'slow down', { 'retry-after': String(retryAfter) });
      if (site.broken || site.brokenFiles.has(file)) return answer(500, 'text/plain', 'fixture site is down');
      switch (file) {
        case 'rss.xml':
          return answer(200, 'application/rss+xml', fixture('rss2-full.xml'));
        case 'atom.xml':
          return answer(200, 'application/atom+xml', fixture('atom1-xml-base.xml'));
        case 'feed.json':
          return answer(200, 'application/feed+json', fixture('jsonfeed11.json'));
        case 'news.xml':
          return answer(200, 'application/rss+xml', newsFeed(`/${prefix}/`, site.published));
        case 'index.html':
          return answer(200, 'text/html; charset=utf-8', alternates);
        case 'plain.html':
          return answer(200, 'text/html; charset=utf-8', page(''));
        case 'strict.html':
        case 'noframes.html': {
          const { csp, title } = POLICIES[file]!;
          return answer(200, 'text/html; charset=utf-8', page(feedLinks, title), { 'content-security-policy': csp });
        }
        default:
          return answer(404, 'text/plain', 'not found');
      }
    };
    setTimeout(respond, site?.delayMs ?? 0);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let counter = 0;

/** Playwright's test with `feedSite`: a fresh fixture site for each test, on one server per worker. */
export const test = base.extend<{ feedSite: FeedSite }, { feedServer: { origin: string; sites: Map<string, SiteState> } }>({
  feedServer: [
    async ({}, use) => {
      const sites = new Map<string, SiteState>();
      const server = await startServer(sites);
      const { port } = server.address() as { port: number };
      await use({ origin: `http://127.0.0.1:${port}`, sites });
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
  feedSite: async ({ feedServer }, use) => {
    const prefix = `site-${process.pid}-${counter++}`;
    const state: SiteState = { broken: false, brokenFiles: new Set(), limited: new Map(), delayMs: 0, published: 1 };
    feedServer.sites.set(prefix, state);
    await use({
      url: (file) => `${feedServer.origin}/${prefix}/${file}`,
      break: (file) => void (file ? state.brokenFiles.add(file) : (state.broken = true)),
      limit: (file, seconds) => void state.limited.set(file, seconds),
      slowDown: (ms) => void (state.delayMs = ms),
      publish: (count) => void (state.published = count),
    });
    feedServer.sites.delete(prefix);
  },
});

export { expect } from '@playwright/test';

/** Subscribes a user to a feed over the API (for journeys that start with feeds already there). */
export async function apiSubscribe(request: APIRequestContext, token: string, url: string): Promise<string> {
  const { subscribeToFeed } = await graphql<{ subscribeToFeed: { subscription?: { id: string }; message?: string } }>(
    request,
    'mutation ($url: String!) { subscribeToFeed(url: $url) { ... on SubscribeToFeedPayload { subscription { id } } ... on Error { message } } }',
    { url },
    token,
  );
  if (!subscribeToFeed.subscription) throw new Error(`subscribeToFeed failed: ${subscribeToFeed.message}`);
  return subscribeToFeed.subscription.id;
}
