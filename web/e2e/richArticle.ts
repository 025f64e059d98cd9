/**
 * A feed with one long-form article whose HTML tries everything that can break a reading column or the page:
 * a very wide image, a long line of code, a long unbroken word and URL, a wide table, and markup the sanitiser
 * must remove (script, event handler, javascript: link). Served from 127.0.0.1 by the test process; its images
 * are https addresses that `serveArticleImages` answers inside the browser, so the CSP (https images only) holds.
 */
import type { Page } from '@playwright/test';
import { createServer } from 'node:http';
import { test as feedSiteTest } from './feedSite.ts';

export const RICH_ARTICLE = {
  title: 'Notes from a year of tending a small orchard',
  author: 'Rosalind Pear',
  feedTitle: 'Orchard Notes',
  longWord: 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(5),
  codeLine: `const harvest = ${JSON.stringify(Array.from({ length: 40 }, (_, i) => `tree-${i}`))}; // one long line`,
} as const;

const IMAGE_HOST = 'https://images.example.test';

const content = `
<p>The first spring, I mostly watched. Six trees came with the house: four apples, a pear and a plum that
nobody had pruned in years. This is what a year of <a href="https://en.wikipedia.org/wiki/Fruit_tree_pruning">pruning</a>,
mulching and waiting taught me.</p>
<figure><img src="${IMAGE_HOST}/panorama.svg" width="3000" height="900" alt="The orchard in May, from the gate">
<figcaption>The orchard in May, from the gate.</figcaption></figure>
<h2>Winter pruning</h2>
<p>Prune on a dry day once the leaves are down. Take out the three Ds first — dead, diseased and damaged — then
open the centre so light and air reach every branch.</p>
<ul><li>Cut just above an outward-facing bud.</li><li>Never remove more than a quarter of the canopy in one year.</li>
<li>Clean the blades between trees.</li></ul>
<blockquote><p>The best time to plant a tree was twenty years ago. The second best time is now.</p></blockquote>
<h3>Keeping records</h3>
<p>I log every tree in a small script; the list of trees is longer than any sensible line:</p>
<pre><code>${RICH_ARTICLE.codeLine}</code></pre>
<p>Lichen on the old bark is harmless; <code>canker</code> is not. The local society's word for a tree that
refuses to fruit is ${RICH_ARTICLE.longWord}, and their guide lives at
https://orchards.example.org/guides/winter-pruning/apple-and-pear/step-by-step/with-diagrams/for-beginners/2024.</p>
<table><thead><tr><th>Tree</th><th>Variety</th><th>Planted</th><th>Pollination group</th><th>Harvest</th><th>Yield (kg)</th><th>Storage</th><th>Notes</th></tr></thead>
<tbody><tr><td>Apple 1</td><td>Egremont Russet</td><td>1998</td><td>C</td><td>Late September</td><td>24</td><td>Until December</td><td>Nutty, rough skin</td></tr>
<tr><td>Pear</td><td>Conference</td><td>2004</td><td>C</td><td>Early October</td><td>31</td><td>Until November</td><td>Self-fertile, reliable</td></tr></tbody></table>
<hr>
<p>Next year: a <em>second</em> plum, and fewer wasps.</p>
<script>window.__readerXss = 'script';</script>
<img src="${IMAGE_HOST}/missing.svg" onerror="window.__readerXss = 'onerror'" alt="">
<p><a href="javascript:window.__readerXss = 'link'">A link that must not run</a></p>
`;

const feed = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${RICH_ARTICLE.feedTitle}</title><link>https://orchards.example.org/</link><description>A garden diary</description>
<item><title>${RICH_ARTICLE.title}</title><link>https://orchards.example.org/posts/a-year</link><guid>orchard-year</guid>
<pubDate>${new Date(Date.UTC(2024, 2, 14, 9, 30)).toUTCString()}</pubDate><dc:creator>${RICH_ARTICLE.author}</dc:creator>
<description>What a year of pruning, mulching and waiting taught me.</description>
<content:encoded><![CDATA[${content}]]></content:encoded></item>
</channel></rss>`;

const panorama = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="900" viewBox="0 0 3000 900">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9ccbe8"/><stop offset="1" stop-color="#e9f2e0"/></linearGradient></defs>
<rect width="3000" height="900" fill="url(#sky)"/><rect y="620" width="3000" height="280" fill="#7aa35a"/>
${Array.from({ length: 12 }, (_, i) => `<circle cx="${130 + i * 250}" cy="520" r="110" fill="#4f7f3a"/><rect x="${118 + i * 250}" y="560" width="24" height="110" fill="#6b4a2f"/>`).join('')}
</svg>`;

/** Answers the article's https image addresses inside the browser (nothing leaves the machine). */
export async function serveArticleImages(page: Page) {
  await page.route(`${IMAGE_HOST}/**`, (route) =>
    route.request().url().endsWith('/panorama.svg')
      ? route.fulfill({ contentType: 'image/svg+xml', body: panorama })
      : route.fulfill({ status: 404, body: '' }),
  );
}

/** feedSite's test with `richFeedUrl`: the address of the rich article's feed, one server per worker. */
export const test = feedSiteTest.extend<object, { richFeedUrl: string }>({
  richFeedUrl: [
    async ({}, use) => {
      const server = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
        response.end(feed);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      await use(`http://127.0.0.1:${port}/rich.xml`);
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
