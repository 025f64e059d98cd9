import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/server.ts';

describe('serving the web app', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'tidings-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tidings</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
  // As web/scripts/precompress.mjs leaves a large script: with its brotli and gzip copies.
  const bundle = `export const words = ${JSON.stringify('tidings '.repeat(500))};`;
  writeFileSync(path.join(dist, 'assets', 'bundle-5678.js'), bundle);
  writeFileSync(path.join(dist, 'assets', 'bundle-5678.js.br'), brotliCompressSync(bundle));
  writeFileSync(path.join(dist, 'assets', 'bundle-5678.js.gz'), gzipSync(bundle));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const server = await startTestServer({}, pathToFileURL(`${dist}/`));

  it('answers a deep link with the app, which routes on the client (history-API fallback)', async () => {
    for (const deepLink of ['/', '/article/abc', '/user/123', '/reset-password?token=x']) {
      const response = await fetch(`${server.url}${deepLink}`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
  });

  it('sends the permissions policy with the pages and files, and no HSTS over plain http', async () => {
    for (const [path, accept] of [
      ['/articles', 'text/html'],
      ['/', 'text/html'],
      ['/assets/app-1234.js', '*/*'],
    ] as const) {
      const response = await fetch(`${server.url}${path}`, { headers: { accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('permissions-policy')).toMatch(/(^|, )camera=\(\)/);
      expect(response.headers.get('permissions-policy')).toContain('geolocation=()');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed copy the browser accepts, cached for good', async () => {
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ]) {
      const response = await fetch(`${server.url}/assets/bundle-5678.js`, { headers: { 'accept-encoding': accepted! } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toContain('tidings tidings');
    }
    const identity = await fetch(`${server.url}/assets/bundle-5678.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toContain('tidings tidings');
  });

  it('compresses API answers over 1 KB when the client accepts it, and leaves small ones alone', async () => {
    const query = (body: object) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
        body: JSON.stringify(body),
      });
    const large = await query({ query: '{ __schema { types { name description } } }' });
    expect(large.headers.get('content-encoding')).toBe('br');
    expect(large.headers.get('vary')).toMatch(/accept-encoding/i);
    // Compressed in one piece (under 64 KB), so its length is known rather than sent in chunks.
    expect(Number(large.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await large.json()).data.__schema.types.length).toBeGreaterThan(10);
    const small = await query({ query: '{ __typename }' });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('keeps API and missing-asset misses as JSON 404s, not the app', async () => {
    const api = await fetch(`${server.url}/api/nothing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
    const asset = await fetch(`${server.url}/assets/missing.js`);
    expect(asset.status).toBe(404);
  });
});
