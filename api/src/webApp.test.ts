import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/server.ts';

describe('serving the web app', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'tidings-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tidings</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log("app")');
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

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await fetch(`${server.url}/assets/app-1234.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('keeps API and missing-asset misses as JSON 404s, not the app', async () => {
    const api = await fetch(`${server.url}/api/nothing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
    const asset = await fetch(`${server.url}/assets/missing.js`);
    expect(asset.status).toBe(404);
  });
});
