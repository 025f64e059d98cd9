/**
 * What the sanitiser keeps, the browser shows: an article with a YouTube and a Vimeo embed, a video, a sound, an
 * http image and a lazy image opens with no Content Security Policy violation, and the http image comes through
 * the instance's media proxy. The feed and its http image are served from 127.0.0.1 by the test process; the https
 * players and media are answered inside the browser (nothing leaves the machine, and the policy still applies).
 */
import { createServer } from 'node:http';
import type { Page } from '@playwright/test';
import { apiSubscribe } from './feedSite.ts';
import { expectAccessible, saveScreenshot, signIn } from './page.ts';
import { expect, test } from './richArticle.ts';
import { graphql, registerUser } from './users.ts';

const TITLE = 'Field recordings from the harbour';
const MEDIA_HOST = 'https://media.example.test';

const picture = (label: string, sky: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
<rect width="800" height="450" fill="${sky}"/><rect y="300" width="800" height="150" fill="#2f5d7c"/>
<circle cx="620" cy="110" r="50" fill="#f4d35e"/><text x="40" y="80" font-family="sans-serif" font-size="40" fill="#17324a">${label}</text></svg>`;

function article(origin: string) {
  return `<p>Three recordings and two films from a morning on the quay.</p>
<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" width="560" height="315" title="The quay at dawn (YouTube)"></iframe>
<iframe src="https://player.vimeo.com/video/76979871" width="640" height="360" title="Gulls (Vimeo)"></iframe>
<video src="${MEDIA_HOST}/ferry.mp4" poster="${MEDIA_HOST}/ferry-poster.svg" width="640" height="360"></video>
<audio src="${MEDIA_HOST}/foghorn.mp3"></audio>
<figure><img src="${origin}/harbour.svg" alt="The harbour from the old lighthouse" width="800" height="450"><figcaption>An http image.</figcaption></figure>
<figure><img src="${MEDIA_HOST}/nets.svg" loading="lazy" alt="Nets drying on the quay" width="800" height="450"><figcaption>A lazy image.</figcaption></figure>`;
}

const feed = (origin: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>Harbour Sounds</title><link>${origin}/</link><description>Recordings</description>
<item><title>${TITLE}</title><link>${origin}/field-recordings</link><guid>harbour-1</guid>
<pubDate>${new Date(Date.UTC(2024, 4, 2, 6, 0)).toUTCString()}</pubDate>
<description>Three recordings and two films.</description>
<content:encoded><![CDATA[${article(origin)}]]></content:encoded></item></channel></rss>`;

/** Answers the https players and media inside the browser, after the page's policy has allowed them. */
async function serveHttpsMedia(page: Page) {
  const player = (name: string) =>
    `<!doctype html><body style="margin:0;background:#111;color:#eee;font:16px sans-serif;display:grid;place-items:center;height:100vh">${name} player</body>`;
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: player('YouTube') }));
  await page.route('https://player.vimeo.com/**', (route) => route.fulfill({ contentType: 'text/html', body: player('Vimeo') }));
  await page.route(`${MEDIA_HOST}/**`, (route) => {
    const url = route.request().url();
    if (url.endsWith('.svg'))
      return route.fulfill({ contentType: 'image/svg+xml', body: picture(url.includes('nets') ? 'Nets' : 'Ferry', '#cfe3ef') });
    return route.fulfill({ status: 404, body: '' });
  });
}

test.describe('media in the reader', () => {
  let origin = '';
  const server = createServer((request, response) => {
    if (request.url === '/feed.xml') return void response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed(origin));
    if (request.url === '/harbour.svg')
      return void response.writeHead(200, { 'content-type': 'image/svg+xml' }).end(picture('Harbour (http)', '#f6e7cf'));
    response.writeHead(404).end();
  });
  test.beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test('embeds, players and images show with no policy violation; the http image comes through the proxy', async ({
    page,
    request,
  }, testInfo) => {
    const user = await registerUser(request, 'harbour');
    await apiSubscribe(request, user.token, `${origin}/feed.xml`);
    const { articles } = await graphql<{ articles: { edges: { node: { id: string } }[] } }>(
      request,
      'query { articles(filter: ALL, first: 1) { edges { node { id } } } }',
      {},
      user.token,
    );
    const id = articles.edges[0]!.node.id;

    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
      });
    });
    await serveHttpsMedia(page);
    await signIn(page, user.username, user.password);
    const proxied = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/media/'));
    await page.goto(`/article/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

    const content = page.locator('.article-content');
    const youtube = content.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    const vimeo = content.locator('iframe[src^="https://player.vimeo.com/video/"]');
    const video = content.locator('video');
    const audio = content.locator('audio');
    const httpImage = content.getByRole('button', { name: 'The harbour from the old lighthouse (open full size)' });
    const lazyImage = content.getByRole('button', { name: 'Nets drying on the quay (open full size)' });
    for (const element of [youtube, vimeo, video, audio, httpImage, lazyImage]) {
      await element.scrollIntoViewIfNeeded();
      await expect(element).toBeVisible();
    }
    await expect(page.frameLocator('iframe[src*="youtube-nocookie"]').getByText('YouTube player')).toBeVisible();
    await expect(page.frameLocator('iframe[src*="vimeo"]').getByText('Vimeo player')).toBeVisible();

    // The http image is the instance's, signed, and it loaded.
    expect((await proxied).status()).toBe(200);
    await expect(httpImage).toHaveAttribute('src', new RegExp(`^${testInfo.project.use.baseURL}/media/[\\w-]{43}/[\\w-]+$`));
    // Properties, not evaluate(): Playwright evaluates a function through eval, which the page's policy reports.
    await expect(httpImage).toHaveJSProperty('naturalWidth', 800);
    await expect(lazyImage).toHaveJSProperty('naturalWidth', 800);
    await expect(lazyImage).toHaveAttribute('src', `${MEDIA_HOST}/nets.svg`);
    // Checked before the accessibility audit, whose injected code trips `script-src` (eval).
    expect(problems).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 0));
    await expectAccessible(page, 'reader with embeds and media');
    await saveScreenshot(page, testInfo, 'reader-media');
    await page.emulateMedia({ colorScheme: 'dark' });
    await saveScreenshot(page, testInfo, 'reader-media-dark');
  });
});
