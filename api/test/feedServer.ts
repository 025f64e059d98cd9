import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterCaller } from './cleanup.ts';

export type FeedServer = Awaited<ReturnType<typeof startFeedServer>>;

/** A request as the fixture server saw it, for asserting on headers the fetcher sent. */
export type SeenRequest = { path: string; headers: http.IncomingHttpHeaders };

type Route = (request: http.IncomingMessage, response: http.ServerResponse, context: { url: URL; origin: string }) => void | Promise<void>;

const TESTDATA = path.join(import.meta.dirname, '../src/ingest/testdata');

/** The feed that redirect chains and conditional GETs end at. */
export const FIXTURE_FEED = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Fixture feed</title><link>https://fixture.example.org/</link>
<item><title>Hello</title><link>https://fixture.example.org/hello</link><guid>hello</guid></item></channel></rss>
`;
export const FIXTURE_ETAG = '"fixture-v1"';
export const FIXTURE_LAST_MODIFIED = 'Mon, 06 Jan 2025 10:00:00 GMT';

/** The discovery page: one alternate link per feed format, relative and absolute. */
export const DISCOVERY_PAGE = (origin: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>A blog with feeds</title>
<link rel="alternate" type="application/rss+xml" title="RSS" href="/feed">
<link rel="alternate" type="application/atom+xml" title="Atom" href="${origin}/fixtures/fetch-minimal-rss.xml?type=application/atom%2Bxml">
<link rel="alternate" type="application/feed+json" title="JSON Feed" href="feed.json">
<link rel="stylesheet" href="/style.css">
</head><body><h1>A blog with feeds</h1></body></html>
`;

let gzipBomb: Buffer | null = null;

/** ~64 MB of zeros gzipped to ~64 KB; built once per process, in chunks, so building it costs little memory. */
async function gzipBombBody(): Promise<Buffer> {
  if (gzipBomb) return gzipBomb;
  const gzip = zlib.createGzip({ level: 9 });
  const parts: Buffer[] = [];
  gzip.on('data', (part: Buffer) => parts.push(part));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < 64; i += 1) if (!gzip.write(zeros)) await new Promise((resolve) => gzip.once('drain', resolve));
  await new Promise((resolve) => gzip.end(resolve));
  gzipBomb = Buffer.concat(parts);
  return gzipBomb;
}

/** Writes `chunk` until the client goes away (or `totalBytes` have been sent), honouring back-pressure. */
function stream(response: http.ServerResponse, chunk: Buffer, totalBytes = Infinity) {
  let sent = 0;
  const pump = () => {
    while (sent < totalBytes && !response.destroyed) {
      const part = chunk.subarray(0, Math.min(chunk.length, totalBytes - sent));
      sent += part.length;
      if (!response.write(part)) return void response.once('drain', pump);
    }
    if (!response.destroyed) response.end();
  };
  pump();
}

const redirect = (response: http.ServerResponse, status: number, location: string) => {
  response.writeHead(status, { location, 'content-type': 'text/plain' });
  response.end(`Moved to ${location}`);
};

/**
 * Routes by exact path (or by prefix for entries ending in '/'). Add a route by adding an entry; every
 * entry's comment is its one-line documentation.
 */
const routes: Record<string, Route> = {
  // 200 with FIXTURE_FEED, ETag and Last-Modified; 304 when If-None-Match or If-Modified-Since matches.
  '/feed': (request, response) => {
    const fresh = request.headers['if-none-match'] === FIXTURE_ETAG || request.headers['if-modified-since'] === FIXTURE_LAST_MODIFIED;
    response.writeHead(fresh ? 304 : 200, {
      'content-type': 'application/rss+xml; charset=utf-8',
      etag: FIXTURE_ETAG,
      'last-modified': FIXTURE_LAST_MODIFIED,
    });
    response.end(fresh ? undefined : FIXTURE_FEED);
  },
  // /fixtures/<file>?type=<content-type>&location=<url>: a file from api/src/ingest/testdata as-is, with that Content-Type
  // and Content-Location; without them, neither header.
  '/fixtures/': async (_request, response, { url }) => {
    const name = decodeURIComponent(url.pathname.slice('/fixtures/'.length));
    if (!/^[\w.-]+$/.test(name)) return void response.writeHead(400).end();
    const body = await readFile(path.join(TESTDATA, name)).catch(() => null);
    if (!body) return void response.writeHead(404).end();
    const type = url.searchParams.get('type');
    const location = url.searchParams.get('location');
    response.writeHead(200, { ...(type ? { 'content-type': type } : {}), ...(location ? { 'content-location': location } : {}) });
    response.end(body);
  },
  // /compressed?encoding=gzip|deflate|br|gzip,br: FIXTURE_FEED with that Content-Encoding (applied left to right).
  '/compressed': (_request, response, { url }) => {
    const encoding = url.searchParams.get('encoding') ?? 'gzip';
    const encoders: Record<string, (input: Buffer) => Buffer> = {
      gzip: zlib.gzipSync,
      deflate: zlib.deflateSync,
      br: zlib.brotliCompressSync,
    };
    const body = encoding.split(',').reduce<Buffer>((data, coding) => encoders[coding.trim()]?.(data) ?? data, Buffer.from(FIXTURE_FEED));
    response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': encoding });
    response.end(body);
  },
  // Plain text that claims to be gzip.
  '/broken-gzip': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    response.end(FIXTURE_FEED);
  },
  // /slow-feed?ms=N: FIXTURE_FEED after N ms (a slow publisher that still answers); each query is another feed.
  '/slow-feed': async (_request, response, { url }) => {
    await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get('ms') ?? 500)));
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(FIXTURE_FEED);
  },
  // Accepts the request and never answers: the headers never come.
  '/slow-headers': () => {},
  // Sends headers and the start of a feed, then never finishes the body.
  '/slow-body': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    response.write('<?xml version="1.0"?><rss version="2.0"><channel>');
  },
  // Sends headers, then the start of a feed one byte a second, forever: no gap between bytes is long enough to time out.
  '/trickle': (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    const start = '<?xml version="1.0"?><rss version="2.0"><channel>';
    let sent = 0;
    const timer = setInterval(() => response.write(start[sent++ % start.length]!), 1000);
    response.once('close', () => clearInterval(timer));
  },
  // /huge?bytes=N&declare=1: N bytes of feed-ish text (endless when N is absent), chunked unless declare=1 sends Content-Length.
  '/huge': (_request, response, { url }) => {
    const bytes = Number(url.searchParams.get('bytes') ?? Infinity);
    const declare = url.searchParams.get('declare') === '1' && Number.isFinite(bytes);
    response.writeHead(200, { 'content-type': 'application/rss+xml', ...(declare ? { 'content-length': String(bytes) } : {}) });
    stream(response, Buffer.from('<!-- padding -->'.repeat(4096)), bytes);
  },
  // ~64 KB of gzip that decodes to 64 MB of zeros, with an honest Content-Length for the compressed bytes.
  '/gzip-bomb': async (_request, response) => {
    const body = await gzipBombBody();
    response.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip', 'content-length': String(body.length) });
    response.end(body);
  },
  // 302 to itself, forever.
  '/redirect-loop': (_request, response) => redirect(response, 302, '/redirect-loop'),
  // /redirect-chain?codes=301,302,301: one hop per code (relative Locations), then /feed.
  '/redirect-chain': (_request, response, { url }) => {
    const [code, ...rest] = (url.searchParams.get('codes') ?? '').split(',').filter(Boolean);
    if (!code) return redirect(response, 302, '/feed'); // an empty chain is a plain temporary redirect
    redirect(response, Number(code), rest.length > 0 ? `/redirect-chain?codes=${rest.join(',')}` : '/feed');
  },
  // /redirect?to=<absolute or relative URL>&status=302: one redirect anywhere (private addresses, other schemes).
  '/redirect': (_request, response, { url }) =>
    redirect(response, Number(url.searchParams.get('status') ?? 302), url.searchParams.get('to') ?? '/feed'),
  // 302 to the cloud metadata address.
  '/redirect-to-metadata': (_request, response) => redirect(response, 302, 'http://169.254.169.254/latest/meta-data/'),
  // 302 to this server's own /feed by loopback address.
  '/redirect-to-loopback': (_request, response, { origin }) => redirect(response, 302, `${origin}/feed`),
  // A redirect without a Location header.
  '/redirect-without-location': (_request, response) => void response.writeHead(302).end(),
  // /status/<code>?retry-after=<value>: that status, a short text body, and Retry-After when given.
  '/status/': (_request, response, { url }) => {
    const status = Number(url.pathname.split('/')[2]);
    const retryAfter = url.searchParams.get('retry-after');
    response.writeHead(status, { 'content-type': 'text/plain', ...(retryAfter ? { 'retry-after': retryAfter } : {}) });
    response.end(`Status ${status}`);
  },
  // 429 with Retry-After: 120 (seconds).
  '/rate-limited': (_request, response) => void response.writeHead(429, { 'retry-after': '120' }).end('Slow down'),
  // 503 with Retry-After as an HTTP date 90 s from now.
  '/unavailable': (_request, response) =>
    void response.writeHead(503, { 'retry-after': new Date(Date.now() + 90_000).toUTCString() }).end('Down'),
  // An HTML page with <link rel="alternate"> to RSS, Atom and JSON Feed (see DISCOVERY_PAGE).
  '/discovery': (_request, response, { origin }) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(DISCOVERY_PAGE(origin));
  },
  // A small JSON Feed (the discovery page links to it).
  '/feed.json': (_request, response, { origin }) => {
    response.writeHead(200, { 'content-type': 'application/feed+json' });
    response.end(
      JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'Fixture JSON feed',
        home_page_url: origin,
        items: [{ id: '1', content_text: 'Hello' }],
      }),
    );
  },
};

function routeFor(pathname: string): Route | undefined {
  return routes[pathname] ?? Object.entries(routes).find(([prefix]) => prefix.endsWith('/') && pathname.startsWith(prefix))?.[1];
}

/**
 * Starts the misbehaving feed server on 127.0.0.1 (a free port) and closes it after the test file.
 * `url(path)` builds an absolute URL; `requests` records what the fetcher sent; `silentUrl(scheme)` is a
 * TCP port that accepts connections and never says a word (an https URL to it never finishes the TLS
 * handshake, which exercises the connect timeout).
 */
export async function startFeedServer() {
  const requests: SeenRequest[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    requests.push({ path: url.pathname + url.search, headers: request.headers });
    const route = routeFor(url.pathname);
    if (!route) return void response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    Promise.resolve(route(request, response, { url, origin })).catch(() => response.destroy());
  });
  const silentSockets = new Set<net.Socket>();
  const silent = net.createServer((socket) => {
    silentSockets.add(socket);
    socket.on('close', () => silentSockets.delete(socket));
  });
  await Promise.all([listen(server), listen(silent)]);
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const silentPort = (silent.address() as AddressInfo).port;

  afterCaller(async () => {
    server.closeAllConnections();
    for (const socket of silentSockets) socket.destroy();
    await Promise.all([new Promise((resolve) => server.close(resolve)), new Promise((resolve) => silent.close(resolve))]);
  });

  return {
    origin,
    port: (server.address() as AddressInfo).port,
    requests,
    /** An absolute URL on this server; `pathAndQuery` starts with '/'. */
    url: (pathAndQuery: string) => `${origin}${pathAndQuery}`,
    /** The requests made to `pathAndQuery` (exact path and query), oldest first. */
    requestsTo: (pathAndQuery: string) => requests.filter((seen) => seen.path === pathAndQuery),
    silentUrl: (scheme: 'http' | 'https' = 'https') => `${scheme}://127.0.0.1:${silentPort}/feed`,
  };
}

function listen(server: net.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}
