import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../../test/server.ts';
import { BROKEN_BOOKMARKLET_SCRIPT } from './script.ts';

describe('the bookmarklet', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'tidings-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tidings</title><div id="root"></div>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const server = await startTestServer({ PUBLIC_URL: 'https://tidings.example' }, pathToFileURL(`${dist}/`));
  const script = (query: string) => fetch(`${server.url}/bookmarklet.js${query}`);

  it('answers a valid token with the overlay script, carrying the instance origin and the token, never stored', async () => {
    const { token } = await signUp(server.services);
    const response = await script(`?token=${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Loaded by other sites' pages: a same-origin resource policy would make the browser refuse it.
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await response.text();
    expect(body).toMatch(/^\(function \(origin, token\) \{/);
    expect(body).toContain(`)("https://tidings.example", ${JSON.stringify(token)});`);
    expect(() => new Function(body)).not.toThrow(); // it parses
  });

  it('answers a malformed, unknown, repeated or missing token with the alert, reflecting nothing', async () => {
    const attacks = ['"+alert(document.cookie)+"', '</script><script>alert(1)</script>', "');alert(1);//", 'x'.repeat(300)];
    const queries = [
      ...attacks.map((attack) => `?token=${encodeURIComponent(attack)}`),
      `?token=${'A'.repeat(43)}`,
      '?token=a&token=b',
      '',
    ];
    for (const query of queries) {
      const response = await script(query);
      expect(response.status, query).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text(), query).toBe(BROKEN_BOOKMARKLET_SCRIPT);
    }
    expect(BROKEN_BOOKMARKLET_SCRIPT).toBe('alert("This Tidings bookmarklet no longer works. Create a new one in Settings.");\n');
  });

  it('stops working once its token is revoked', async () => {
    const { token } = await signUp(server.services);
    expect(await (await script(`?token=${token}`)).text()).not.toBe(BROKEN_BOOKMARKLET_SCRIPT);
    expect((await server.rest('POST', '/auth/logout', { token })).status).toBeLessThan(300);
    expect(await (await script(`?token=${token}`)).text()).toBe(BROKEN_BOOKMARKLET_SCRIPT);
  });

  it('lets any site frame the /bookmarklet page, and no other page', async () => {
    const page = await fetch(`${server.url}/bookmarklet`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const pageCsp = page.headers.get('content-security-policy') ?? '';
    expect(pageCsp).toContain('frame-ancestors *');
    expect(pageCsp).toContain("script-src 'self'"); // the rest of the app's policy stays
    expect(page.headers.get('x-frame-options')).toBeNull();

    for (const other of ['/', '/settings', '/bookmarklet/other', '/bookmarklet.js']) {
      const response = await fetch(`${server.url}${other}`, { headers: { accept: 'text/html' } });
      expect(response.headers.get('content-security-policy'), other).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-frame-options'), other).toBe('SAMEORIGIN');
    }
  });
});
