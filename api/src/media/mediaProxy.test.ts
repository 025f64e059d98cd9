import { encodeGlobalID } from '@pothos/plugin-relay';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, type Reader } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { signedMediaPath } from '../domain/media/mediaAddress.ts';
import { mediaSecret } from '../domain/media/mediaProxy.ts';
import { afterCaller } from '../../test/cleanup.ts';

// A 1×1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));

/** The publisher's server: an image, a sound that answers ranges, a page, an image too large, and a redirect. */
async function startPublisher() {
  let imageRequests = 0;
  const server = http.createServer((request, response) => {
    switch (request.url) {
      case '/photo.png':
        imageRequests += 1;
        return void response.writeHead(200, { 'content-type': 'image/png', etag: '"p1"' }).end(PNG);
      case '/episode.mp3': {
        const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
        if (!range) return void response.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': AUDIO.length }).end(AUDIO);
        const start = Number(range[1]);
        const end = range[2] ? Number(range[2]) : AUDIO.length - 1;
        return void response
          .writeHead(206, {
            'content-type': 'audio/mpeg',
            'content-range': `bytes ${start}-${end}/${AUDIO.length}`,
            'content-length': end - start + 1,
          })
          .end(AUDIO.subarray(start, end + 1));
      }
      case '/page.html':
        return void response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
      case '/huge.jpg':
        return void response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(11 * 1024 * 1024) }).end();
      case '/endless.jpg': {
        // No length announced: the limit must hold while streaming.
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(1024 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 12 && !response.destroyed) {
            sent += 1;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        return pump();
      }
      case '/to-metadata':
        return void response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      default:
        return void response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterCaller(() => new Promise((resolve) => server.close(resolve)));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, imageRequests: () => imageRequests };
}

const [tidings, publisher] = await Promise.all([startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' }), startPublisher()]);
const secret = await mediaSecret(tidings.services);
const media = (url: string, init: RequestInit = {}) => fetch(`${tidings.url}${signedMediaPath(url, secret)}`, init);

describe('GET /media/{signature}/{target}', () => {
  it('serves a signed image with its type and caching headers, from memory the second time', async () => {
    const first = await media(`${publisher.origin}/photo.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(first.headers.get('etag')).toBe('"p1"');
    expect(first.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(first.headers.get('content-security-policy')).toContain('sandbox');
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PNG);
    const second = await media(`${publisher.origin}/photo.png`);
    expect(Buffer.from(await second.arrayBuffer())).toEqual(PNG);
    expect(publisher.imageRequests()).toBe(1);
  });

  it('passes a sound’s ranges through', async () => {
    const whole = await media(`${publisher.origin}/episode.mp3`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(AUDIO.length);
    const part = await media(`${publisher.origin}/episode.mp3`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await part.arrayBuffer())).toEqual(AUDIO.subarray(100, 200));
  });

  it('refuses an address with any character changed, or one it did not sign', async () => {
    const path = signedMediaPath(`${publisher.origin}/photo.png`, secret);
    const flip = (at: number) => path.slice(0, at) + (path[at] === 'a' ? 'b' : 'a') + path.slice(at + 1);
    const tampered = [
      flip('/media/'.length + 5),
      flip(path.length - 2),
      `${path}?url=${publisher.origin}/page.html`,
      `${path}/`,
      `${path.slice(0, -1)}%${path.charCodeAt(path.length - 1).toString(16)}`,
      signedMediaPath(`${publisher.origin}/photo.png`, 'another-secret-of-thirty-two-characters!'),
      `/media/${encodeURIComponent(`${publisher.origin}/photo.png`)}`,
      `/media/?url=${encodeURIComponent(`${publisher.origin}/photo.png`)}`,
    ];
    for (const address of tampered) {
      const response = await fetch(`${tidings.url}${address}`);
      expect(response.status, address).toBeGreaterThanOrEqual(400);
      expect(response.status, address).toBeLessThan(500);
      expect(response.headers.get('content-type') ?? '', address).not.toMatch(/^image\//);
    }
  });

  it('refuses what is not an image, a sound or a video', async () => {
    const response = await media(`${publisher.origin}/page.html`);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: 'This is not an image, a sound or a video' });
  });

  it('refuses an image announced over 10 MB, and cuts one streamed past it', async () => {
    const announced = await media(`${publisher.origin}/huge.jpg`);
    expect(announced.status).toBe(413);
    expect(announced.headers.get('cache-control')).toBe('no-store');
    // Streamed: its headers went with its first bytes, so the body ends short instead.
    const streamed = await media(`${publisher.origin}/endless.jpg`);
    expect(streamed.status).toBe(200);
    await expect(streamed.arrayBuffer()).rejects.toThrow();
  });
});

describe('the media proxy of an instance that refuses private addresses', async () => {
  const guarded = await startTestServer();

  it('refuses a signed address on a private network', async () => {
    const guardedSecret = await mediaSecret(guarded.services);
    const response = await fetch(`${guarded.url}${signedMediaPath(`${publisher.origin}/photo.png`, guardedSecret)}`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'This address is not allowed (private network)' });
  });
});

describe('articles as REST and GraphQL answer them', () => {
  let reader: Reader;
  let articleId: string;

  beforeAll(async () => {
    reader = await newReader(tidings.services);
    const feed = await newFeed(tidings.services);
    await follow(tidings.services, reader.id, feed.id);
    const [stored] = await publish(tidings.services, feed.id, [
      {
        publishedAt: new Date('2026-01-01T00:00:00Z'),
        content: '<p>Photo</p><img src="http://photos.example/a.jpg"><img src="https://photos.example/b.jpg">',
        imageUrl: 'http://photos.example/a.jpg',
      },
    ]);
    articleId = stored!.id;
  });

  const proxied = (url: string) => `http://tidings.test${signedMediaPath(url, secret)}`;

  it('carry proxied addresses for http media, in REST', async () => {
    const { status, body } = await tidings.rest('GET', `/articles/${articleId}`, { token: reader.token });
    expect(status).toBe(200);
    const { article } = body;
    expect(article.imageUrl).toBe(proxied('http://photos.example/a.jpg'));
    expect(article.content).toContain(`src="${proxied('http://photos.example/a.jpg')}"`);
    expect(article.content).toContain('src="https://photos.example/b.jpg"');
  });

  it('and in GraphQL', async () => {
    const { body } = await tidings.graphql(
      `query ($id: ID!) { article(id: $id) { imageUrl content } }`,
      { id: encodeGlobalID('Article', articleId) },
      reader.token,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.article.imageUrl).toBe(proxied('http://photos.example/a.jpg'));
    expect(body.data.article.content).toContain(`src="${proxied('http://photos.example/a.jpg')}"`);
  });
});
