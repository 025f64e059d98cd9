import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../test/services.ts';
import { buildApp, EXTENSION_ZIP } from './app.ts';

describe('serving the browser extension', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tidings-extension-zip-'));
  const zip = path.join(dir, 'tidings-extension.zip');
  // An empty zip archive: just the end-of-central-directory record.
  const bytes = Buffer.from([0x50, 0x4b, 0x05, 0x06, ...Array(18).fill(0)]);
  writeFileSync(zip, bytes);
  const services = await createTestServices();
  const app = await buildApp({ services, webDist: null, extensionZip: pathToFileURL(zip) });
  const built = await buildApp({ services, webDist: null });
  const without = await buildApp({ services, webDist: null, extensionZip: pathToFileURL(path.join(dir, 'missing.zip')) });
  afterAll(async () => {
    await Promise.all([app.close(), built.close(), without.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers GET /tidings-extension.zip with the zip, to anyone', async () => {
    const response = await app.inject({ method: 'GET', url: '/tidings-extension.zip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="tidings-extension.zip"');
    expect(response.rawPayload).toEqual(bytes);
  });

  it.runIf(existsSync(EXTENSION_ZIP))('serves the zip `npm run build` made, by default', async () => {
    const response = await built.inject({ method: 'GET', url: '/tidings-extension.zip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.rawPayload.subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
  });

  it('answers the JSON 404 when the extension was not built', async () => {
    const response = await without.inject({ method: 'GET', url: '/tidings-extension.zip' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });
});
