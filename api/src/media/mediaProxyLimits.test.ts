// What one proxied answer may cost the instance: its time (MEDIA_PROXY_TIMEOUT_SECONDS), its upstream connection
// (closed when the reader leaves), its share of fetching (merged, capped per host and in all) and its caller's rate.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { signedMediaPath } from '../domain/media/mediaAddress.ts';
import { mediaSecret } from '../domain/media/mediaProxy.ts';
import { afterCaller } from '../../test/cleanup.ts';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const LARGE = randomBytes(300 * 1024);

v8.setFlagsFromString('--expose-gc');
const collectGarbage = (globalThis.gc ?? vm.runInNewContext('gc')) as () => void;

/**
 * The process's memory in MB: its resident size as it is (a collection would shrink it below the working size it
 * grows back to at once), and the heap once garbage is collected (what is still held).
 */
function memoryMb() {
  const { rss } = process.memoryUsage();
  collectGarbage();
  collectGarbage();
  return { rss: rss / 2 ** 20, heap: process.memoryUsage().heapUsed / 2 ** 20 };
}

async function until(condition: () => boolean, withinMs: number): Promise<boolean> {
  const end = Date.now() + withinMs;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

/**
 * A publisher's server that counts its open connections and requests. /trickle.jpg sends its headers and then a byte a
 * second for as long as the connection lasts; /mute.jpg sends headers and no byte; /silent.jpg never answers;
 * /held.png answers once the test releases it; /large.png sends half its bytes and the rest once released;
 * /endless.jpg sends bytes as fast as they are read, without a length.
 */
async function startOrigin(host = '127.0.0.1', counters?: { open: number; peak: number }) {
  const sockets = new Set<Socket>();
  let peakSockets = 0;
  const requests = new Map<string, number>();
  const open = new Map<string, number>();
  let held: (() => void)[] = [];
  let releasing = false;
  const server = http.createServer((request, response) => {
    const path = new URL(request.url!, 'http://origin').pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    open.set(path, (open.get(path) ?? 0) + 1);
    if (counters) counters.peak = Math.max(counters.peak, (counters.open += 1));
    response.once('close', () => {
      open.set(path, open.get(path)! - 1);
      if (counters) counters.open -= 1;
    });
    const hold = (answer: () => void) => (releasing ? answer() : held.push(answer));
    switch (path) {
      case '/trickle.jpg': {
        response.writeHead(200, { 'content-type': 'image/jpeg' }).write('x');
        const timer = setInterval(() => response.write('x'), 1000);
        return void response.once('close', () => clearInterval(timer));
      }
      case '/mute.jpg':
        return void response.writeHead(200, { 'content-type': 'image/jpeg' }).flushHeaders();
      case '/silent.jpg':
        return;
      case '/held.png':
        return hold(() => response.writeHead(200, { 'content-type': 'image/png' }).end(PNG));
      case '/large.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': LARGE.length }).write(LARGE.subarray(0, LARGE.length / 2));
        return hold(() => response.end(LARGE.subarray(LARGE.length / 2)));
      case '/endless.jpg': {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const pump = () => {
          while (!response.destroyed) if (!response.write(chunk)) return void response.once('drain', pump);
        };
        return pump();
      }
      default:
        return void response.writeHead(404).end();
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    peakSockets = Math.max(peakSockets, sockets.size);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  afterCaller(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  return {
    origin: `http://${host}:${(server.address() as AddressInfo).port}`,
    openSockets: () => sockets.size,
    peakSockets: () => peakSockets,
    requests: (path: string) => requests.get(path) ?? 0,
    open: (path: string) => open.get(path) ?? 0,
    release: () => {
      releasing = true;
      for (const answer of held) answer();
      held = [];
    },
  };
}

/** Reads an answer's body to its end or its failure: how many bytes came (kept when `keep`), and whether it was cut. */
async function drain(response: Response, keep = true): Promise<{ length: number; bytes: Buffer; cut: boolean }> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body!.getReader();
  let cut = false;
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      length += read.value.length;
      if (keep) chunks.push(read.value);
    }
  } catch {
    cut = true;
  }
  return { length, bytes: Buffer.concat(chunks), cut };
}

async function mediaClient(server: TestServer) {
  const secret = await mediaSecret(server.services);
  return (url: string, init: RequestInit = {}) => fetch(`${server.url}${signedMediaPath(url, secret)}`, init);
}

const DEADLINE_MS = 3000;
// A loaded machine (CI, other test files) answers late; still far below what a trickle without a deadline takes.
const MARGIN_MS = 4000;

describe('a media proxy with a 3 s deadline', async () => {
  const tidings = await startTestServer({
    FEED_ALLOW_PRIVATE_HOSTS: 'true',
    MEDIA_PROXY_TIMEOUT_SECONDS: String(DEADLINE_MS / 1000),
    MEDIA_PROXY_FETCHES: '64',
    MEDIA_PROXY_FETCHES_PER_HOST: '64',
  });
  const media = await mediaClient(tidings);

  it('ends 30 answers trickled a byte a second at the deadline, without memory kept or an upstream connection left open', async () => {
    const publisher = await startOrigin();
    const before = memoryMb();
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss / 2 ** 20)), 100);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, n) => {
        // The client gives up long after the deadline, so that a proxy without one still lets the test end.
        const response = await media(`${publisher.origin}/trickle.jpg?n=${n}`, { signal: AbortSignal.timeout(20_000) }).catch(() => null);
        const body = response ? await drain(response, false) : null;
        return { status: response?.status, cut: body?.cut, endedAfterMs: Date.now() - started };
      }),
    );
    clearInterval(sampler);
    const after = memoryMb();
    const stillOpen = (await until(() => publisher.openSockets() === 0, 5000)) ? 0 : publisher.openSockets();

    if (process.env.MEDIA_FIGURES) {
      const slowest = Math.max(...answers.map((answer) => answer.endedAfterMs));
      console.log(
        `[figures] slowest answer ended after ${slowest} ms; rss ${before.rss.toFixed(0)} → peak ${peakRss.toFixed(0)} MB, heap after GC ${before.heap.toFixed(1)} → ${after.heap.toFixed(1)} MB; upstream connections open 5 s after the clients left: ${stillOpen}`,
      );
    }
    expect(publisher.peakSockets()).toBe(30); // all 30 really reached the publisher at once
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.cut).toBe(true); // a truncated body: its headers had gone
      expect(answer.endedAfterMs).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    }
    expect(peakRss - before.rss).toBeLessThan(50);
    expect(after.heap - before.heap).toBeLessThan(50);
    expect(stillOpen).toBe(0);
  }, 40_000);

  it('answers 504, not to be cached, when the publisher sends no byte before the deadline', async () => {
    const publisher = await startOrigin();
    for (const path of ['/silent.jpg', '/mute.jpg']) {
      const started = Date.now();
      const response = await media(`${publisher.origin}${path}`);
      expect(response.status, path).toBe(504);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(await response.json(), path).toEqual({ error: 'The media took too long to answer' });
      expect(Date.now() - started, path).toBeLessThan(DEADLINE_MS + MARGIN_MS);
    }
    expect(await until(() => publisher.openSockets() === 0, 2000)).toBe(true);
  });

  it('cuts an image streamed past 10 MB and closes its upstream connection', async () => {
    const publisher = await startOrigin();
    const response = await media(`${publisher.origin}/endless.jpg`);
    expect(response.status).toBe(200);
    const { length, cut } = await drain(response, false);
    expect(cut).toBe(true);
    expect(length).toBeLessThanOrEqual(10 * 1024 * 1024);
    expect(await until(() => publisher.openSockets() === 0, 2000)).toBe(true);
  });
});

describe('a media proxy with 2 fetches per host and 3 in all', async () => {
  const tidings = await startTestServer({
    FEED_ALLOW_PRIVATE_HOSTS: 'true',
    MEDIA_PROXY_TIMEOUT_SECONDS: '20',
    MEDIA_PROXY_FETCHES: '3',
    MEDIA_PROXY_FETCHES_PER_HOST: '2',
  });
  const media = await mediaClient(tidings);

  it('closes the upstream connection at once when the reader leaves, mid-body or before the answer', async () => {
    const publisher = await startOrigin();
    const midBody = new AbortController();
    const response = await media(`${publisher.origin}/trickle.jpg`, { signal: midBody.signal });
    await response.body!.getReader().read(); // the first byte has come: the body is under way
    expect(publisher.open('/trickle.jpg')).toBe(1);
    midBody.abort();
    expect(await until(() => publisher.open('/trickle.jpg') === 0 && publisher.openSockets() === 0, 1500)).toBe(true);

    const beforeAnswer = new AbortController();
    const waiting = media(`${publisher.origin}/silent.jpg`, { signal: beforeAnswer.signal }).catch(() => null);
    expect(await until(() => publisher.open('/silent.jpg') === 1, 2000)).toBe(true);
    beforeAnswer.abort();
    await waiting;
    expect(await until(() => publisher.open('/silent.jpg') === 0 && publisher.openSockets() === 0, 1500)).toBe(true);
  });

  it('serves identical requests from one upstream fetch, late joiners included, each the whole body', async () => {
    const publisher = await startOrigin();
    const url = `${publisher.origin}/large.png`;
    const together = await Promise.all([media(url), media(url), media(url)]);
    // The first half has come to the proxy (the answers have started): these join a transfer under way.
    const late = await Promise.all([media(url), media(url)]);
    publisher.release();
    for (const response of [...together, ...late]) {
      expect(response.status).toBe(200);
      const { bytes, cut } = await drain(response);
      expect(cut).toBe(false);
      expect(bytes.equals(LARGE)).toBe(true);
    }
    expect(publisher.requests('/large.png')).toBe(1);
  });

  it('makes requests past the caps wait for a slot, never more than 2 at once to a host nor 3 in all', async () => {
    const both = { open: 0, peak: 0 };
    const [one, two] = await Promise.all([startOrigin('127.0.0.1', both), startOrigin('127.0.0.2', both)]);
    const answers = Promise.all([one, two].flatMap((publisher) => [1, 2, 3, 4].map((n) => media(`${publisher.origin}/held.png?n=${n}`))));
    expect(await until(() => both.open === 3, 5000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300)); // time for a fourth to arrive, were it let through
    expect(both.open).toBe(3);
    expect(Math.max(one.open('/held.png'), two.open('/held.png'))).toBe(2);
    one.release();
    two.release();
    for (const response of await answers) {
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(PNG)).toBe(true);
    }
    expect(one.requests('/held.png') + two.requests('/held.png')).toBe(8);
    expect(both.peak).toBe(3);
  });
});

describe('a media proxy allowing 3 requests a minute per address', async () => {
  const tidings = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true', MEDIA_PROXY_REQUESTS_PER_MINUTE: '3' });
  const media = await mediaClient(tidings);

  it('answers the fourth with 429, Retry-After and no-store, before fetching anything', async () => {
    const publisher = await startOrigin();
    publisher.release();
    for (const n of [1, 2, 3]) expect((await media(`${publisher.origin}/held.png?n=${n}`)).status).toBe(200);
    const refused = await media(`${publisher.origin}/held.png?n=4`);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect((await refused.json()).error).toMatch(/^Too many media requests from your network\. Please try again in \d+ seconds?\.$/);
    expect(publisher.requests('/held.png')).toBe(3);
  });
});
