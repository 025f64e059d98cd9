import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildExtension } from './buildExtension.ts';

const PACKAGE = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as { version: string };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('the built extension zip', () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'tidings-extension-'));
  let files: Record<string, Uint8Array>;
  let manifest: Record<string, any>;
  const text = (name: string) => new TextDecoder().decode(files[name]);

  beforeAll(async () => {
    files = unzipSync(new Uint8Array(readFileSync(await buildExtension(outDir))));
    manifest = JSON.parse(text('manifest.json'));
  }, 30_000);
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it('has a Manifest V3 at its root, versioned like the workspace', () => {
    expect(manifest).toMatchObject({ manifest_version: 3, name: 'Tidings', version: PACKAGE.version });
    expect(manifest.description).toEqual(expect.any(String));
  });

  it('asks for no more than it uses: the instance origin comes at run time', () => {
    expect(manifest.permissions).toEqual(['activeTab', 'scripting', 'storage']);
    expect(manifest.optional_host_permissions).toEqual(['http://*/*', 'https://*/*']);
    expect(manifest).not.toHaveProperty('host_permissions');
    expect(manifest).not.toHaveProperty('content_scripts');
    expect(manifest).not.toHaveProperty('background');
  });

  it('contains every file the manifest names, icons as real PNGs', () => {
    const icons = [...Object.values(manifest.icons), ...Object.values(manifest.action.default_icon)] as string[];
    for (const file of [manifest.action.default_popup, manifest.options_ui.page, ...icons]) expect(files).toHaveProperty([file]);
    for (const icon of icons) expect([...files[icon]!.slice(0, 8)]).toEqual(PNG_SIGNATURE);
  });

  it('loads only its own scripts and styles in the popup and options pages', () => {
    for (const page of [manifest.action.default_popup, manifest.options_ui.page] as string[]) {
      const doc = new JSDOM(text(page)).window.document;
      const references = [...doc.querySelectorAll('script')].map((script) => script.getAttribute('src'));
      references.push(...[...doc.querySelectorAll('link[href]')].map((link) => link.getAttribute('href')));
      expect(references.length).toBeGreaterThan(1);
      for (const reference of references) {
        expect(reference, `${page} loads an inline script`).not.toBeNull();
        expect(reference).not.toMatch(/^[a-z]+:|^\/\//i);
        expect(files).toHaveProperty([reference!]);
      }
    }
  });
});
