import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { FIXTURE_ETAG, FIXTURE_FEED, FIXTURE_LAST_MODIFIED, startFeedServer } from '../../test/feedServer.ts';
import { FEED_ACCEPT, fetchResource, parseRetryAfter, userAgentFor, type FetchOptions } from './fetch.ts';
import { FeedFetchError } from './fetchError.ts';
import { createGuardedAgent } from './ssrfGuard.ts';

const server = await startFeedServer();
const userAgent = userAgentFor('https://news.example.org');
/** The fixture server lives on 127.0.0.1, so most tests lift the address check. */
const options: FetchOptions = { userAgent, allowPrivateHosts: true };
/** The guard on, with only the fixture server's own address exempt: every other private address is refused. */
const guardedButFixture: FetchOptions = { userAgent, allowPrivateHosts: false, allowedAddresses: ['127.0.0.1'] };

async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FeedFetchError);
  return error as FeedFetchError;
}

describe('fetchResource', () => {
  it('returns the body, type and validators of a feed, and names Tidings and the instance in its request', async () => {
    const result = await fetchResource(server.url('/feed'), options);
    expect(result).toEqual({
      status: 'ok',
      url: server.url('/feed'),
      permanentUrl: null,
      body: Buffer.from(FIXTURE_FEED),
      contentType: 'application/rss+xml; charset=utf-8',
      contentLocation: null,
      etag: FIXTURE_ETAG,
      lastModified: FIXTURE_LAST_MODIFIED,
    });
    const sent = server.requestsTo('/feed').at(-1)!.headers;
    expect(sent['user-agent']).toBe('Tidings/0.1 (+https://news.example.org)');
    expect(sent.accept).toBe(FEED_ACCEPT);
    expect(FEED_ACCEPT).toMatch(/^application\/rss\+xml, application\/atom\+xml, application\/feed\+json,.*\*\/\*;q=0\.1$/);
    expect(sent['accept-encoding']).toBe('gzip, deflate, br');
    expect(sent['if-none-match']).toBeUndefined();
  });

  it('lets discovery ask for an HTML page with its own Accept', async () => {
    const result = await fetchResource(server.url('/discovery'), {
      ...options,
      accept: 'text/html, application/xhtml+xml;q=0.9, */*;q=0.1',
    });
    expect(result.status === 'ok' && result.body.toString()).toContain('<link rel="alternate" type="application/atom+xml"');
    expect(server.requestsTo('/discovery').at(-1)!.headers.accept).toBe('text/html, application/xhtml+xml;q=0.9, */*;q=0.1');
  });

  it('passes the Content-Type on untouched, charset and all, or null when there is none', async () => {
    const type = 'text/xml; charset=windows-1252';
    const typed = await fetchResource(server.url(`/fixtures/fetch-minimal-rss.xml?type=${encodeURIComponent(type)}`), options);
    expect(typed).toMatchObject({ status: 'ok', contentType: type });
    const untyped = await fetchResource(server.url('/fixtures/fetch-minimal-rss.xml'), options);
    expect(untyped).toMatchObject({ status: 'ok', contentType: null });
    expect(untyped.status === 'ok' && untyped.body.toString()).toContain('<title>Fetch fixture</title>');
  });

  describe('conditional GET', () => {
    it('sends If-None-Match and returns not-modified without a body on a 304', async () => {
      const result = await fetchResource(server.url('/feed'), { ...options, etag: FIXTURE_ETAG });
      expect(result).toEqual({ status: 'not-modified', url: server.url('/feed'), permanentUrl: null });
      expect(server.requestsTo('/feed').at(-1)!.headers['if-none-match']).toBe(FIXTURE_ETAG);
    });

    it('sends If-Modified-Since and returns not-modified on a 304', async () => {
      const result = await fetchResource(server.url('/feed'), { ...options, lastModified: FIXTURE_LAST_MODIFIED });
      expect(result.status).toBe('not-modified');
      expect(server.requestsTo('/feed').at(-1)!.headers['if-modified-since']).toBe(FIXTURE_LAST_MODIFIED);
    });

    it('returns the new body and validators when the stored ETag is stale', async () => {
      const result = await fetchResource(server.url('/feed'), { ...options, etag: '"old"', lastModified: 'Sun, 01 Jan 2023 00:00:00 GMT' });
      expect(result).toMatchObject({ status: 'ok', etag: FIXTURE_ETAG, lastModified: FIXTURE_LAST_MODIFIED });
    });
  });

  it('keeps the connection to a host open between fetches, whether they answer 200, 304 or an error', async () => {
    let connections = 0;
    const host = http.createServer((request, response) => {
      if (request.url === '/gone') return void response.writeHead(410).end('Gone');
      if (request.headers['if-none-match'] === '"v1"') return void response.writeHead(304, { etag: '"v1"' }).end();
      response.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' }).end(FIXTURE_FEED);
    });
    host.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
      expect((await fetchResource(`${url}/feed`, options)).status).toBe('ok');
      expect((await fetchResource(`${url}/feed`, options)).status).toBe('ok');
      expect((await fetchResource(`${url}/feed`, { ...options, etag: '"v1"' })).status).toBe('not-modified');
      expect((await failure(fetchResource(`${url}/gone`, options))).status).toBe(410);
      expect((await fetchResource(`${url}/feed`, { ...options, etag: '"v1"' })).status).toBe('not-modified');
      expect((await fetchResource(`${url}/feed`, options)).status).toBe('ok');
      // A fetch right after another may open a second connection while the first goes back to the pool; no more.
      expect(connections).toBeLessThanOrEqual(2);
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });

  describe('content encodings', () => {
    it.each(['gzip', 'deflate', 'br', 'gzip, br'])('decodes %s', async (encoding) => {
      const result = await fetchResource(server.url(`/compressed?encoding=${encodeURIComponent(encoding)}`), options);
      expect(result.status === 'ok' && result.body.toString()).toBe(FIXTURE_FEED);
    });

    it('reports damaged compressed data', async () => {
      const error = await failure(fetchResource(server.url('/broken-gzip'), options));
      expect(error).toMatchObject({ kind: 'bad-response', message: 'The feed’s compressed data is damaged' });
    });

    it('refuses an encoding it cannot undo', async () => {
      const error = await failure(fetchResource(server.url('/compressed?encoding=zstd'), options));
      expect(error).toMatchObject({ kind: 'bad-response', message: 'The feed uses an unsupported compression (zstd)' });
    });
  });

  describe('size limit', () => {
    it('stops a gzip bomb at the default 10 MB of decoded bytes', async () => {
      const error = await failure(fetchResource(server.url('/gzip-bomb'), options));
      expect(error).toMatchObject({ kind: 'too-large', message: 'The feed is larger than 10 MB' });
    });

    it('stops a gzip bomb at a configured limit', async () => {
      const error = await failure(fetchResource(server.url('/gzip-bomb'), { ...options, maxBytes: 256 * 1024 }));
      expect(error).toMatchObject({ kind: 'too-large', message: 'The feed is larger than 256 KB' });
    });

    it('aborts an endless body without Content-Length once it passes the limit', async () => {
      // The server never stops writing, so this only finishes because the fetcher hangs up.
      const error = await failure(fetchResource(server.url('/huge'), { ...options, maxBytes: 1024 * 1024 }));
      expect(error).toMatchObject({ kind: 'too-large', message: 'The feed is larger than 1 MB' });
    });

    it('refuses a declared Content-Length over the limit before reading the body', async () => {
      const error = await failure(fetchResource(server.url('/huge?bytes=20000000&declare=1'), options));
      expect(error).toMatchObject({ kind: 'too-large', message: 'The feed is larger than 10 MB' });
    });

    it('accepts a body of exactly the limit', async () => {
      const result = await fetchResource(server.url('/huge?bytes=5000'), { ...options, maxBytes: 5000 });
      expect(result.status === 'ok' && result.body.length).toBe(5000);
      await failure(fetchResource(server.url('/huge?bytes=5001'), { ...options, maxBytes: 5000 }));
    });
  });

  describe('timeouts', () => {
    it('gives up on a server that never sends its headers', async () => {
      const started = Date.now();
      const error = await failure(fetchResource(server.url('/slow-headers'), { ...options, totalTimeoutMs: 300 }));
      expect(error).toMatchObject({ kind: 'timeout', message: 'The feed took too long to answer' });
      expect(Date.now() - started).toBeLessThan(3000);
    });

    it('gives up on a body that never finishes', async () => {
      const error = await failure(fetchResource(server.url('/slow-body'), { ...options, totalTimeoutMs: 300 }));
      expect(error).toMatchObject({ kind: 'timeout' });
    });

    it('gives up on a connection that never completes its handshake', async () => {
      const started = Date.now();
      const error = await failure(fetchResource(server.silentUrl('https'), { ...options, connectTimeoutMs: 200, totalTimeoutMs: 10_000 }));
      expect(error).toMatchObject({ kind: 'timeout', message: 'The feed took too long to answer' });
      expect(Date.now() - started).toBeLessThan(3000);
    });
  });

  describe('redirects', () => {
    it('follows a chain of permanent redirects and reports the final URL to store', async () => {
      for (const codes of ['301,301,301', '308,301,308']) {
        const result = await fetchResource(server.url(`/redirect-chain?codes=${codes}`), options);
        expect(result).toMatchObject({ status: 'ok', url: server.url('/feed'), permanentUrl: server.url('/feed') });
      }
    });

    it('reports no URL to store when any hop is temporary', async () => {
      for (const codes of ['302,302,302', '301,302,301', '301,301,307', '303']) {
        const result = await fetchResource(server.url(`/redirect-chain?codes=${codes}`), options);
        expect(result).toMatchObject({ status: 'ok', url: server.url('/feed'), permanentUrl: null });
      }
    });

    it('reports the permanent move on a 304 too', async () => {
      const result = await fetchResource(server.url('/redirect-chain?codes=301'), { ...options, etag: FIXTURE_ETAG });
      expect(result).toEqual({ status: 'not-modified', url: server.url('/feed'), permanentUrl: server.url('/feed') });
    });

    it('follows five redirects and refuses the sixth', async () => {
      await expect(fetchResource(server.url('/redirect-chain?codes=302,302,302,302,302'), options)).resolves.toMatchObject({
        status: 'ok',
      });
      const error = await failure(fetchResource(server.url('/redirect-chain?codes=302,302,302,302,302,302'), options));
      expect(error).toMatchObject({ kind: 'too-many-redirects', message: 'The feed redirects too many times' });
    });

    it('breaks a redirect loop', async () => {
      const before = server.requestsTo('/redirect-loop').length;
      const error = await failure(fetchResource(server.url('/redirect-loop'), { ...options, maxRedirects: 3 }));
      expect(error.kind).toBe('too-many-redirects');
      expect(server.requestsTo('/redirect-loop').length - before).toBe(4);
    });

    it('reports a redirect to something that is not an address', async () => {
      const error = await failure(fetchResource(server.url(`/redirect?to=${encodeURIComponent('http://[bad')}`), options));
      expect(error).toMatchObject({ kind: 'bad-response', message: 'The feed redirects to an invalid address', status: 302 });
    });

    it('reports a redirect that says nowhere to go', async () => {
      const error = await failure(fetchResource(server.url('/redirect-without-location'), options));
      expect(error).toMatchObject({ kind: 'bad-response', status: 302 });
    });
  });

  describe('SSRF guard', () => {
    it('refuses the fixture server’s own loopback address when private hosts are not allowed, without sending anything', async () => {
      const before = server.requests.length;
      const error = await failure(fetchResource(server.url('/feed'), { userAgent, allowPrivateHosts: false }));
      expect(error).toMatchObject({ kind: 'blocked-address', message: 'This address is not allowed (private network)' });
      expect(server.requests.length).toBe(before);
    });

    it('refuses a host name that resolves to loopback, and fetches it when private hosts are allowed', async () => {
      const byName = `http://localhost:${server.port}/feed`;
      expect(await failure(fetchResource(byName, { userAgent, allowPrivateHosts: false }))).toMatchObject({ kind: 'blocked-address' });
      await expect(fetchResource(byName, options)).resolves.toMatchObject({ status: 'ok' });
    });

    it('checks the address a name resolves to, in the connection itself', async () => {
      const byName = `http://feeds.example.test:${server.port}/feed`;
      const resolve = async () => [{ address: '127.0.0.1', family: 4 }];
      expect(await failure(fetchResource(byName, { userAgent, allowPrivateHosts: false, resolve }))).toMatchObject({
        kind: 'blocked-address',
      });
      await expect(fetchResource(byName, { ...options, resolve })).resolves.toMatchObject({ status: 'ok', url: byName });
    });

    it.each([
      'http://2130706433',
      'http://0177.0.0.1',
      'http://0x7f.1',
      'http://127.1',
      'http://[::ffff:127.0.0.1]',
      'http://[::ffff:7f00:1]',
    ])('refuses loopback spelled as %s', async (origin) => {
      expect(await failure(fetchResource(`${origin}:${server.port}/feed`, { userAgent, allowPrivateHosts: false }))).toMatchObject({
        kind: 'blocked-address',
      });
    });

    it.each([
      ['the metadata address', '/redirect-to-metadata'],
      ['another loopback address', `/redirect?to=${encodeURIComponent(`http://127.0.0.2:${server.port}/feed`)}`],
      ['loopback in decimal', `/redirect?to=${encodeURIComponent(`http://2130706434:${server.port}/feed`)}`],
      ['IPv6 loopback', `/redirect?to=${encodeURIComponent(`http://[::1]:${server.port}/feed`)}`],
      ['a private network', `/redirect?to=${encodeURIComponent('http://192.168.1.1/admin')}&status=301`],
    ])('refuses a redirect from an allowed host to %s', async (_name, path) => {
      const error = await failure(fetchResource(server.url(path), guardedButFixture));
      expect(error).toMatchObject({ kind: 'blocked-address', message: 'This address is not allowed (private network)' });
    });

    it('refuses a redirect to a host name that resolves to a private address', async () => {
      const resolve = async (hostname: string) => [{ address: hostname === 'internal.example.test' ? '10.0.0.7' : '127.0.0.1', family: 4 }];
      const path = `/redirect?to=${encodeURIComponent('http://internal.example.test/secret')}`;
      const error = await failure(fetchResource(server.url(path), { ...guardedButFixture, resolve }));
      expect(error.kind).toBe('blocked-address');
    });

    it.each([
      'file:///etc/passwd',
      'ftp://example.org/feed.xml',
      'javascript:alert(1)',
      'data:application/rss+xml,<rss/>',
      'gopher://example.org/',
    ])('refuses %s, even with private hosts allowed, directly or by redirect', async (target) => {
      expect(await failure(fetchResource(target, options))).toMatchObject({
        kind: 'invalid-url',
        message: 'Only http and https addresses can be fetched',
      });
      const viaRedirect = await failure(fetchResource(server.url(`/redirect?to=${encodeURIComponent(target)}`), options));
      expect(viaRedirect.kind).toBe('invalid-url');
    });

    it('guards the agent itself, so an IP literal is refused even without the URL check', async () => {
      const agent = createGuardedAgent({ allowPrivateHosts: false, connectTimeoutMs: 1000 });
      try {
        await expect(request(server.url('/feed'), { dispatcher: agent })).rejects.toMatchObject({ kind: 'blocked-address' });
      } finally {
        await agent.close();
      }
    });
  });

  describe('HTTP errors', () => {
    it.each([
      [404, 'The feed answered 404 Not Found'],
      [410, 'The feed answered 410 Gone'],
      [500, 'The feed answered 500 Internal Server Error'],
      [403, 'The feed answered 403 Forbidden'],
    ])('reports %i as "%s"', async (status, message) => {
      const error = await failure(fetchResource(server.url(`/status/${status}`), options));
      expect(error).toMatchObject({ kind: 'http-status', status, message, retryAfterSeconds: null });
    });

    it('reports Retry-After in seconds on a 429', async () => {
      const error = await failure(fetchResource(server.url('/rate-limited'), options));
      expect(error).toMatchObject({
        kind: 'http-status',
        status: 429,
        message: 'The feed answered 429 Too Many Requests',
        retryAfterSeconds: 120,
      });
    });

    it('reports Retry-After given as an HTTP date on a 503', async () => {
      const error = await failure(fetchResource(server.url('/unavailable'), options));
      expect(error).toMatchObject({ kind: 'http-status', status: 503, message: 'The feed answered 503 Service Unavailable' });
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(85);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(91);
    });

    it('ignores Retry-After on statuses that do not promise a retry', async () => {
      const error = await failure(fetchResource(server.url('/status/404?retry-after=60'), options));
      expect(error.retryAfterSeconds).toBeNull();
    });

    it('reports a refused connection as a network error', async () => {
      const closed = http.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const error = await failure(fetchResource(`http://127.0.0.1:${port}/feed`, options));
      expect(error).toMatchObject({ kind: 'network', message: 'The feed’s server refused the connection', status: null });
    });
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-06T10:00:00Z');
  it.each([
    ['120', 120],
    [' 0 ', 0],
    ['Mon, 06 Jan 2025 10:01:30 GMT', 90],
    ['Mon, 06 Jan 2025 09:00:00 GMT', 0],
    ['soon', null],
    ['-5', null],
    [null, null],
  ])('reads %j as %j seconds', (value, seconds) => {
    expect(parseRetryAfter(value, now)).toBe(seconds);
  });
});
