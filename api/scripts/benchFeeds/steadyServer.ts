// The publishers' side of the steady-state benchmark (steadyState.ts), in a child process of its own so that its CPU
// is not counted as the worker's. Each feed keeps a version: a request finds a new one (1 or 2 new items) with
// probability BENCH_FEEDS_NEW_SHARE, else the feed is unchanged and a conditional request gets 304. Every answer
// takes BENCH_FEEDS_LATENCY_MS, as a distant server's would, so that fetches of one host overlap and the per-host
// limit has something to hold back; the requests in flight per host are counted here, where the limit must show.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { steadyEtag } from './seed.ts';

/** What the served side saw since the previous report (`peakPerHost`: most requests in flight at one host at once). */
export type ServedStats = { changed: number; notModified: number; other: number; peakPerHost: number };

export type SteadyServerOptions = { hosts: number; latencyMs: number; newShare: number };

/** The newest three items of a feed at `version`, one an hour back from now, small as a typical feed's are. */
export function steadyFeedXml(index: number, version: number, now = Date.now()): string {
  const items = [];
  for (let item = version; item > Math.max(0, version - 3); item--) {
    const date = new Date(now - (version - item) * 3_600_000).toUTCString();
    items.push(`<item><title>Feed ${index} post ${item}</title><link>https://steady.example.org/${index}/${item}</link>
<guid>steady-${index}-${item}</guid><pubDate>${date}</pubDate><description>Post ${item} of feed ${index}.</description></item>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Steady feed ${index}</title><link>https://steady.example.org/${index}/</link>${items.join('\n')}</channel></rss>`;
}

/** Counts requests in flight per host and the most seen at once since the last reset. */
export function createHostCounter() {
  const inFlight = new Map<string, number>();
  let peak = 0;
  return {
    start(host: string) {
      const now = (inFlight.get(host) ?? 0) + 1;
      inFlight.set(host, now);
      peak = Math.max(peak, now);
    },
    end(host: string) {
      inFlight.set(host, inFlight.get(host)! - 1);
    },
    /** The peak since the previous call; the next window starts from what is in flight now. */
    takePeak(): number {
      const seen = peak;
      peak = Math.max(0, ...inFlight.values());
      return seen;
    },
  };
}

function serve({ hosts, latencyMs, newShare }: SteadyServerOptions) {
  const versions = new Map<number, number>();
  const counter = createHostCounter();
  const stats = { changed: 0, notModified: 0, other: 0 };

  const answer = (request: IncomingMessage, response: ServerResponse) => {
    const index = Number(/^\/feed\/(\d+)\.xml$/.exec(request.url ?? '')?.[1] ?? -1);
    if (index < 0) {
      stats.other += 1;
      return void response.writeHead(404).end();
    }
    let version = versions.get(index) ?? 0;
    if (Math.random() < newShare) versions.set(index, (version += Math.random() < 0.5 ? 1 : 2));
    const etag = steadyEtag(index, version);
    if (request.headers['if-none-match'] === etag) {
      stats.notModified += 1;
      return void response.writeHead(304, { etag }).end();
    }
    stats.changed += 1;
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag }).end(steadyFeedXml(index, version));
  };

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const host = request.socket.localAddress ?? '';
    counter.start(host);
    response.once('close', () => counter.end(host));
    setTimeout(() => answer(request, response), latencyMs);
  };

  // Every publisher's address, on the port the first one got.
  const addresses = Array.from({ length: hosts }, (_, n) => `127.0.0.${n + 2}`);
  const first = createServer(listener).listen(0, addresses[0], () => {
    const { port } = first.address() as AddressInfo;
    for (const address of addresses.slice(1)) createServer(listener).listen(port, address);
    process.send!({ origins: addresses.map((address) => `http://${address}:${port}`) });
  });
  process.on('message', () => {
    process.send!({ stats: { ...stats, peakPerHost: counter.takePeak() } satisfies ServedStats });
    Object.assign(stats, { changed: 0, notModified: 0, other: 0 });
  });
  process.on('disconnect', () => process.exit(0));
}

if (process.env.STEADY_SERVER_OPTIONS) serve(JSON.parse(process.env.STEADY_SERVER_OPTIONS) as SteadyServerOptions);
