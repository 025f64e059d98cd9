/**
 * Fixture feeds for the journeys, served from 127.0.0.1 by the test process (never the internet): each test
 * gets its own site under a unique path, with an RSS, an Atom and a JSON feed (the API's parser fixtures), an
 * HTML page advertising all three, a page advertising none, and a news feed whose items the test publishes. Two
 * copies of the page with feeds carry a Content Security Policy: one runs no script at all, one shows no frame. A feed
 * of excerpts links to its articles' pages on the same site: two stories and a paywalled page that answers 403.
 */
import { test as base, type APIRequestContext } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { graphql } from './users.ts';

const TESTDATA = path.join(import.meta.dirname, '../../api/src/ingest/testdata');
const fixture = (name: string) => readFileSync(path.join(TESTDATA, name));

/** The feeds' titles as the server reads them from the fixtures. */
export const FEED_TITLES = {
  rss: 'Example & Co — Blog',
  atom: 'Example Atom Blog',
  json: 'JSON Feed 1.1 example',
  news: 'Fixture News',
  excerpts: 'Harbour Times',
};

type SiteState = { broken: boolean; brokenFiles: Set<string>; limited: Map<string, number>; delayMs: number; published: number };

export type FeedSite = {
  /**
   * The address of a file of this site: rss.xml, atom.xml, feed.json, news.xml, index.html, plain.html, the
   * pages with a policy, strict.html (`script-src 'none'`) and noframes.html (`frame-src 'none'`), and the feed of
   * excerpts excerpts.xml with its articles' pages story-1.html, story-2.html and paywall.html (403).
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

/** The excerpt feed's stories: their titles, teasers, and a sentence only their pages have. */
export const STORIES = [
  {
    file: 'story-1.html',
    title: 'The harbour reopens after the storm',
    teaser: 'Boats left the harbour again on Monday, three weeks after the storm …',
    fullSentence: 'The harbour master counted forty-two boats leaving before nine in the morning.',
  },
  {
    file: 'story-2.html',
    title: 'A new ferry for the islands',
    teaser: 'The islands will have a second ferry from the spring. Read more',
    fullSentence: 'The new ferry carries two hundred passengers and thirty cars on each crossing.',
  },
  {
    file: 'paywall.html',
    title: 'What the storm cost the town',
    teaser: 'The council has put a figure on the damage …',
    fullSentence: 'Subscribers only.',
  },
] as const;

/** The host the stories' pictures are on: answered inside the browser (the app's policy allows https images only). */
export const STORY_IMAGE_HOST = 'https://images.harbour.example';

function excerptsFeed(base: string): string {
  const items = STORIES.map(
    ({ file, title, teaser }, i) =>
      `<item><title>${title}</title><link>${base}${file}</link><guid>${base}${file}</guid><pubDate>${new Date(Date.UTC(2024, 1, 1 + i)).toUTCString()}</pubDate><description>${teaser}</description></item>`,
  ).join('');
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${FEED_TITLES.excerpts}</title><link>${base}</link><description>News from the harbour</description>${items}</channel></rss>`;
}

/** A story's page as a news site draws it: navigation, a share bar and related links around the article. */
function storyPage({ title, fullSentence }: (typeof STORIES)[number], n: number): string {
  const paragraphs = [
    `${fullSentence} Crews had spent the weeks since the storm clearing the channel, lifting two sunken dinghies and rebuilding a stretch of the outer wall that the waves had pulled apart.`,
    'Fishermen who had tied up in the next bay brought their boats home over the weekend, and the fish market opened its doors at dawn for the first time this month. Prices were high, traders said, but the stalls were full.',
    'The council said the repairs cost less than feared, thanks to volunteers who worked through two weekends. A survey of the seabed is planned for the summer, once the spring tides have passed.',
    'Not everyone is convinced the wall will hold through another winter. Engineers want a second barrier further out, and a consultation on it opens next month at the town hall.',
  ];
  const table = `<table><thead><tr>${['Day', 'Boats out', 'Boats in', 'Catch (kg)', 'Wind', 'Swell (m)', 'Water (°C)', 'Harbour master on duty', 'Notes'].map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${['Monday', 'Tuesday', 'Wednesday'].map((day, i) => `<tr><td>${day}</td><td>${42 - i * 3}</td><td>${40 - i * 3}</td><td>${1200 + i * 150}</td><td>South-westerly, force ${4 + i}</td><td>${1.5 + i / 2}</td><td>${9 + i}</td><td>Margaret Pennington-Lowe</td><td>Channel clear, outer wall holding</td></tr>`).join('')}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} — ${FEED_TITLES.excerpts}</title></head><body>
<header><a href="/">${FEED_TITLES.excerpts}</a><nav><ul><li><a href="/news">News</a></li><li><a href="/sport">Sport</a></li><li><a href="/weather">Weather</a></li><li><a href="/subscribe">Subscribe to our newsletter</a></li></ul></nav></header>
<main><article><h1>${title}</h1><p class="byline">By Ada Quay, harbour correspondent</p>
<p>${paragraphs[0]}</p>
<figure><img src="${STORY_IMAGE_HOST}/story-${n}.svg" width="1200" height="800" alt="Boats in the harbour at dawn"><figcaption>Boats in the harbour at dawn.</figcaption></figure>
<p>${paragraphs[1]}</p><p>${paragraphs[2]}</p>${table}<p>${paragraphs[3]}</p></article>
<aside><h2>Related</h2><ul><li><a href="/a">Storm damage in pictures</a></li><li><a href="/b">Letters: save our wall</a></li></ul></aside></main>
<footer><p>© ${FEED_TITLES.excerpts}. Share this article on social media.</p></footer></body></html>`;
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
        case 'excerpts.xml':
          return answer(200, 'application/rss+xml', excerptsFeed(`http://${request.headers.host}/${prefix}/`));
        case 'story-1.html':
        case 'story-2.html':
          return answer(
            200,
            'text/html; charset=utf-8',
            storyPage(STORIES[file === 'story-1.html' ? 0 : 1], file === 'story-1.html' ? 1 : 2),
          );
        case 'paywall.html':
          return answer(403, 'text/html; charset=utf-8', page('', 'Subscribers only'));
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
