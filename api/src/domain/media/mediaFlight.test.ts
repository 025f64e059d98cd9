import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MediaFlight, type KeptBytes } from './mediaFlight.ts';
import { MediaSlots } from './mediaSlots.ts';

const BODY = Buffer.alloc(4 * 1024 * 1024, 7);

let server: http.Server;
let origin: string;

beforeAll(async () => {
  // An image of 4 MB, sent as fast as it is read.
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': BODY.length });
    let sent = 0;
    const pump = () => {
      while (sent < BODY.length) {
        const chunk = BODY.subarray(sent, sent + 64 * 1024);
        sent += chunk.length;
        if (!response.write(chunk)) return void response.once('drain', pump);
      }
      response.end();
    };
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
});

function flight(options: { keepBytes?: number; keptBytes?: KeptBytes } = {}) {
  const completed: Buffer[] = [];
  const keptBytes = options.keptBytes ?? { held: 0, limit: 64 * 1024 * 1024 };
  const started = new MediaFlight(`${origin}/image.png`, {
    fetch: { userAgent: 'Tidings test', allowPrivateHosts: true, range: null },
    slots: new MediaSlots(4, 4),
    deadlineMs: 15_000,
    keepBytes: options.keepBytes ?? 64 * 1024,
    keptBytes,
    lagBytes: 256 * 1024,
    onUnlisted: () => {},
    onComplete: (_head, body) => completed.push(body),
  });
  return { flight: started, completed };
}

async function readAll(reader: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of reader) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('MediaFlight', () => {
  it('goes at the pace of a lone reader, however slow, without cutting it', async () => {
    const { flight: lone } = flight();
    const reader = lone.join();
    await lone.head;
    await new Promise((resolve) => setTimeout(resolve, 300)); // far more than 256 KB could have come meanwhile
    expect((await readAll(reader)).equals(BODY)).toBe(true);
  });

  it('cuts a reader that falls too far behind the others, who go on to the end', async () => {
    const { flight: shared } = flight();
    const fast = shared.join();
    const stalled = shared.join();
    const cut = new Promise<Error | undefined>((resolve) => stalled.once('close', () => resolve(stalled.errored ?? undefined)));
    await shared.head;
    expect((await readAll(fast)).equals(BODY)).toBe(true);
    expect((await cut)?.message).toBe('The media was read too slowly');
  });

  it('keeps the body for late readers and the cache only up to keepBytes', async () => {
    const whole = flight({ keepBytes: BODY.length });
    expect((await readAll(whole.flight.join())).equals(BODY)).toBe(true);
    expect(whole.completed.map((body) => body.length)).toEqual([BODY.length]);

    const partly = flight({ keepBytes: 64 * 1024 });
    const reader = partly.flight.join();
    expect(partly.flight.joinable).toBe(true);
    expect((await readAll(reader)).equals(BODY)).toBe(true);
    expect(partly.flight.joinable).toBe(false); // past 64 KB a newcomer could not have the start
    expect(partly.completed).toEqual([]);
  });

  it('keeps nothing past what the process’s flights may keep together, and gives back what it kept once done', async () => {
    const shared: KeptBytes = { held: 0, limit: 1024 * 1024 };
    const first = flight({ keepBytes: BODY.length, keptBytes: shared });
    const reader = first.flight.join();
    await first.flight.head;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shared.held).toBeGreaterThan(0);
    expect((await readAll(reader)).equals(BODY)).toBe(true);
    expect(first.flight.joinable).toBe(false); // 4 MB would pass the shared 1 MB
    expect(first.completed).toEqual([]);
    expect(shared.held).toBe(0);
  });
});
