/**
 * The publisher fixtures (api/src/ingest/testdata/publisher-*.xml: WordPress, Substack, Medium, YouTube,
 * podcasts, Mastodon, a comic, a news site on http) served from 127.0.0.1 by the test process, and their media
 * answered inside the browser, so nothing leaves the machine.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { apiSubscribe, test as feedSiteTest } from './feedSite.ts';
import { graphql } from './users.ts';

const TESTDATA = path.join(import.meta.dirname, '../../api/src/ingest/testdata');

/** The hosts the fixtures' images, players and embeds live on. */
const MEDIA_HOSTS = [
  'https://gardennotes.example.com',
  'https://cdn-images-1.medium.com',
  'https://medium.com/_/stat',
  'https://i2.ytimg.com',
  'https://files.social.example',
  'https://imgs.comic.example.com',
  'http://www.valleygazette.example',
  'https://quiethour.example.fm',
  'https://media.example.fm',
  'https://cdn.example.tv',
  'https://www.youtube.com',
  'https://www.youtube-nocookie.com',
];

const PALETTE = ['#c8553d', '#588b8b', '#f2a65a', '#6d597a', '#2a9d8f', '#e9c46a'];

/** A picture standing in for a photo: a coloured landscape named after its file. */
function picture(url: string): string {
  const name = new URL(url).pathname.split('/').pop() ?? 'image';
  const colour = PALETTE[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
<rect width="1200" height="800" fill="${colour}"/><circle cx="900" cy="220" r="110" fill="#fff6d5" opacity="0.85"/>
<path d="M0 640 L320 380 L560 600 L800 420 L1200 700 L1200 800 L0 800 Z" fill="#1d3557" opacity="0.55"/>
<text x="60" y="110" font-family="sans-serif" font-size="64" fill="#fff">${name}</text></svg>`;
}

/**
 * Answers every fixture image with a picture, the embeds with a stand-in page, and media files with nothing; the
 * instance's media proxy (http images) too, whose fetch of the fixtures' made-up hosts would fail.
 */
export async function servePublisherMedia(page: Page) {
  await page.route('**/media/*/*', (route) => {
    const target = Buffer.from(new URL(route.request().url()).pathname.split('/').pop() ?? '', 'base64url').toString('utf8');
    return route.fulfill({ contentType: 'image/svg+xml', body: picture(target) });
  });
  for (const host of MEDIA_HOSTS) {
    await page.route(`${host}/**`, (route) => {
      const url = route.request().url();
      if (/\/embed\//.test(url)) return route.fulfill({ contentType: 'text/html', body: '<body style="background:#000"></body>' });
      if (/\.(mp3|mp4)$/.test(url)) return route.fulfill({ status: 404, body: '' });
      return route.fulfill({ contentType: 'image/svg+xml', body: picture(url) });
    });
  }
}

/** feedSite's test with `publisherFeed(name)`: the address of a publisher fixture, one server per worker. */
export const test = feedSiteTest.extend<object, { publisherOrigin: string }>({
  publisherOrigin: [
    async ({}, use) => {
      const server = createServer((request, response) => {
        const name = path.basename(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
        if (!/^publisher-[\w-]+\.xml$/.test(name)) return void response.writeHead(404).end();
        response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' });
        response.end(readFileSync(path.join(TESTDATA, name)));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      await use(`http://127.0.0.1:${port}`);
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
});

/** Subscribes the user to a publisher fixture and answers the id of its one article. */
export async function subscribePublisher(request: APIRequestContext, token: string, origin: string, fixture: string): Promise<string> {
  await apiSubscribe(request, token, `${origin}/${fixture}`);
  const { articles } = await graphql<{ articles: { edges: { node: { id: string; feed: { url: string } } }[] } }>(
    request,
    'query { articles(filter: ALL, first: 50) { edges { node { id feed { url } } } } }',
    {},
    token,
  );
  const article = articles.edges.find(({ node }) => node.feed.url.endsWith(`/${fixture}`));
  if (!article) throw new Error(`no article from ${fixture}`);
  return article.node.id;
}

export { expect } from '@playwright/test';
