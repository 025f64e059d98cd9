// First-screen benchmark: the Largest Contentful Paint of /articles for a signed-in user with 30 articles, cold
// cache (a new browser context each run, holding the session as the app leaves it: in storage and in the cookie the
// server draws the list from), in Debian's Chromium, with its CPU slowed 4× and without slowdown;
// median of BENCH_LCP_RUNS (5) runs each. The compiled server (api/dist/start.js, as `npm start` runs it) serves
// the built web app over a fresh database (DATABASE_URL's server or an embedded PostgreSQL); the articles come
// through the real refresh from a feed served on loopback. Run: npm run bench:lcp. Figures: docs/performance.md.
// BENCH_LCP_COMPARE=<another built checkout> starts that checkout's compiled server too, over the same database, and
// alternates the runs between the two (this machine's speed drifts too much for batches measured apart).
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { createLogger } from '../src/logger.ts';
import { dropDatabase, openScratchServer } from '../test/scratchServer.ts';
import { machineLine } from './benchReading/machine.ts';

const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 5);
const ARTICLES = 30;
const PORT = Number(process.env.BENCH_LCP_PORT ?? 4290);
const INVITE = 'BENCH-LCP-FIRST-SCREEN';
const START = fileURLToPath(new URL('../dist/start.js', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const COMPARE = process.env.BENCH_LCP_COMPARE?.replace(/\/$/, '');

/** An RSS feed of ARTICLES items, each with a title, an author and a few paragraphs, as a news site sends them. */
function feedXml(): string {
  const paragraph =
    'The council met on Tuesday to discuss the new transport plan, which would add bus lanes on the main roads ' +
    'and a night service between the stations. Residents asked how the works would be phased.';
  const items = Array.from({ length: ARTICLES }, (_, i) => {
    const published = new Date(Date.UTC(2026, 10, 27, 12) - i * 3_600_000).toUTCString();
    return `<item><title>Story ${i + 1}: the council weighs a new transport plan for the city</title>
      <link>https://news.example.org/story-${i + 1}</link><guid>https://news.example.org/story-${i + 1}</guid>
      <pubDate>${published}</pubDate><author>desk@news.example.org (News desk)</author>
      <description><![CDATA[<p>${paragraph}</p><p>${paragraph}</p><p>${paragraph}</p>]]></description></item>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>City News</title>
    <link>https://news.example.org/</link><description>Local news</description>${items.join('')}</channel></rss>`;
}

async function serveFeed(): Promise<{ url: string; close: () => void }> {
  const xml = feedXml();
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(xml));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/news.xml`, close: () => server.close() };
}

async function startCompiledServer(databaseUrl: string, start = START, port = PORT) {
  const child = spawn(process.execPath, ['--enable-source-maps', start], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BOOTSTRAP_INVITE_CODE: INVITE,
      FEED_ALLOW_PRIVATE_HOSTS: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server was not ready after 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function graphql<T>(url: string, query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

type StoredSession = { token: string; user: { id: string; username: string; name: string; avatarUrl: string | null; isAdmin: boolean } };

/** Registers the administrator, subscribes them to the feed and waits for its articles; answers the session the web app keeps. */
async function signedInReader(url: string, feedUrl: string): Promise<StoredSession> {
  const user = 'id username name avatarUrl isAdmin';
  const { register } = await graphql<{ register: StoredSession & { message?: string } }>(
    url,
    `mutation ($input: RegisterInput!) { register(input: $input) { ... on AuthPayload { token user { ${user} } } ... on Error { message } } }`,
    {
      input: {
        username: 'reader',
        email: 'reader@example.org',
        password: 'correct horse battery',
        displayName: 'Reader',
        inviteCode: INVITE,
      },
    },
  );
  if (!register.token) throw new Error(`register failed: ${register.message}`);
  const { subscribeToFeed } = await graphql<{ subscribeToFeed: { message?: string } }>(
    url,
    'mutation ($url: String!) { subscribeToFeed(url: $url) { ... on Error { message } } }',
    { url: feedUrl },
    register.token,
  );
  if (subscribeToFeed.message) throw new Error(`subscribe failed: ${subscribeToFeed.message}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const response = await fetch(`${url}/api/articles?limit=100`, { headers: { authorization: `Bearer ${register.token}` } });
    const { articles } = (await response.json()) as { articles: unknown[] };
    if (articles.length >= ARTICLES) return { token: register.token, user: register.user };
    if (Date.now() > deadline) throw new Error(`only ${articles.length} articles after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One cold load of /articles: a new context (empty cache), the session in storage, the CPU slowed `slowdown` times. */
async function measureOnce(browser: Browser, url: string, session: StoredSession, slowdown: number): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addInitScript((stored) => window.localStorage.setItem('tidings.session', stored), JSON.stringify(session));
    // As the app leaves it after a visit: the server draws the list of the session this cookie names.
    await context.addCookies([
      { name: 'tidings_session', value: session.token, domain: '127.0.0.1', path: '/articles', sameSite: 'Strict' },
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    await page.goto(`${url}/articles`);
    // A plain selector polled every 100 ms: finding rows by role computes accessible names across the page, which
    // with the CPU slowed would take the page's own time and delay the paint being measured.
    await page.waitForFunction((rows) => document.querySelectorAll('ol[aria-label="Articles"] > li').length >= rows, ARTICLES, {
      polling: 100,
      timeout: 60_000,
    });
    // The last candidate the page reported; none come after the list is whole and nothing moves.
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            setTimeout(() => resolve(entries.at(-1)!.startTime), 500);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Server = Awaited<ReturnType<typeof startCompiledServer>>;

/** Medians of RUNS runs per slowdown on each server, the servers' runs alternating. */
async function measure(browser: Browser, servers: { label: string; server: Server }[], session: StoredSession, slowdowns: number[]) {
  for (const slowdown of slowdowns) {
    const samples = servers.map(() => [] as number[]);
    for (let i = 0; i < RUNS; i += 1) {
      for (const [index, { server }] of servers.entries()) samples[index]!.push(await measureOnce(browser, server.url, session, slowdown));
    }
    for (const [index, { label }] of servers.entries()) {
      const shown = samples[index]!.map((sample) => Math.round(sample)).join(', ');
      console.log(`${label}CPU ${slowdown}× slower: median ${Math.round(median(samples[index]!))} ms (runs: ${shown} ms)`);
    }
  }
}

async function main() {
  const log = createLogger('warn');
  const scratch = await openScratchServer(log);
  const name = `tidings_bench_lcp_${Date.now().toString(36)}`;
  await createDatabaseIfMissing(scratch.serverUrl, name);
  const feed = await serveFeed();
  const database = `${scratch.serverUrl}/${name}`;
  const servers = [{ label: '', server: await startCompiledServer(database) }];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    console.log(`Largest Contentful Paint of /articles, signed in, ${ARTICLES} articles, cold cache, median of ${RUNS}`);
    console.log(machineLine());
    const session = await signedInReader(servers[0]!.server.url, feed.url);
    if (COMPARE) {
      servers[0]!.label = 'this checkout: ';
      servers.push({ label: `${COMPARE}: `, server: await startCompiledServer(database, `${COMPARE}/api/dist/start.js`, PORT + 1) });
    }
    // The server's first answers (plans, caches) and the browser's first start are not the page's.
    for (const { server } of servers) await measureOnce(browser, server.url, session, 1);
    await measure(browser, servers, session, COMPARE ? [4] : [4, 1]);
  } finally {
    await browser.close();
    for (const { server } of servers) await server.stop();
    feed.close();
    await dropDatabase(scratch.serverUrl, name);
    await scratch.close();
  }
}

await main();
