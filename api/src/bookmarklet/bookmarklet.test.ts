import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../../test/server.ts';
import { OUTDATED_BOOKMARKLET_SCRIPT } from './script.ts';

describe('the bookmarklet', async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'tidings-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Tidings</title><div id="root"></div>');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const server = await startTestServer({ PUBLIC_URL: 'https://tidings.example' }, pathToFileURL(`${dist}/`));
  const script = (query: string) => fetch(`${server.url}/bookmarklet.js${query}`);

  it('answers one script for everyone, carrying the instance origin and no token, that reads its token from its own fragment', async () => {
    const response = await script('');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    // Loaded by other sites' pages: a same-origin resource policy would make the browser refuse it.
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await response.text();
    expect(body).toMatch(/^\(function \(origin\) \{/);
    expect(body).toContain(`)("https://tidings.example");`);
    expect(body).toContain("script.src.split('#')[1]");
    expect(() => new Function(body)).not.toThrow(); // it parses
  });

  it('puts the window on the page with the token from the script’s fragment, passed on in the frame’s fragment', async () => {
    const body = await (await script('')).text();
    const appended: { src?: string }[] = [];
    const element = () => ({ setAttribute() {}, appendChild() {}, addEventListener() {}, focus() {}, remove() {} });
    const document = {
      currentScript: { src: 'https://tidings.example/bookmarklet.js#token=tid_abc%2Bdef', remove() {} },
      getElementById: () => null,
      createElement: () => element(),
      addEventListener() {},
      body: { appendChild: (box: unknown) => appended.push(box as never) },
      title: 'A page',
    };
    let frameSrc = '';
    const createElement = (tag: string) => {
      const made = element() as ReturnType<typeof element> & { src?: string };
      if (tag === 'iframe') Object.defineProperty(made, 'src', { set: (value: string) => (frameSrc = value) });
      return made;
    };
    new Function('document', 'location', 'window', 'Event', 'URLSearchParams', body)(
      { ...document, createElement },
      { href: 'https://example.com/post' },
      { addEventListener() {} },
      class {},
      URLSearchParams,
    );
    expect(appended).toHaveLength(1);
    const frame = new URL(frameSrc);
    expect(frame.origin + frame.pathname + frame.search).toBe('https://tidings.example/bookmarklet');
    expect(new URLSearchParams(frame.hash.slice(1)).get('token')).toBe('tid_abc+def');
  });

  it('answers a bookmarklet that still sends its token in the query string with the alert, never looking at it', async () => {
    const { token } = await signUp(server.services);
    const attacks = ['"+alert(document.cookie)+"', '</script><script>alert(1)</script>', 'x'.repeat(300)];
    for (const query of [`?token=${token}`, ...attacks.map((attack) => `?token=${encodeURIComponent(attack)}`), '?token=a&token=b']) {
      const response = await script(query);
      expect(response.status, query).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/javascript; charset=utf-8');
      expect(await response.text(), query).toBe(OUTDATED_BOOKMARKLET_SCRIPT);
    }
    expect(OUTDATED_BOOKMARKLET_SCRIPT).toBe('alert("This Tidings bookmarklet is out of date. Create a new one in Settings.");\n');
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
