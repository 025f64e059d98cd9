import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { zipSync } from 'fflate';
import { iconPng } from '../src/icon.ts';
import { ICON_SIZES, iconFile, manifest } from '../src/manifest.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
export const ZIP_NAME = 'tidings-extension.zip';
const STATIC_FILES = ['popup.html', 'options.html', 'style.css'];
// Zip entries carry a fixed date so the same sources give the same bytes.
const ZIP_MTIME = new Date('2026-01-01T00:00:00Z');

/**
 * Builds the unpacked extension into `outDir/unpacked` and zips it to `outDir/tidings-extension.zip`, the
 * manifest at the zip's root. Returns the zip's path.
 */
export async function buildExtension(outDir: string): Promise<string> {
  const { version, description } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    description: string;
  };
  const unpacked = path.join(outDir, 'unpacked');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(path.join(unpacked, 'icons'), { recursive: true });

  await build({
    entryPoints: { popup: path.join(ROOT, 'src/popup.ts'), options: path.join(ROOT, 'src/options.ts') },
    outdir: unpacked,
    bundle: true,
    format: 'esm',
    // Modern Chrome only: no down-levelling helpers, so feedLinksIn stays self-contained for executeScript.
    target: 'chrome120',
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const file of STATIC_FILES) copyFileSync(path.join(ROOT, 'static', file), path.join(unpacked, file));
  for (const size of ICON_SIZES) writeFileSync(path.join(unpacked, iconFile(size)), iconPng(size));
  writeFileSync(path.join(unpacked, 'manifest.json'), `${JSON.stringify(manifest(version, description), null, 2)}\n`);

  const files = readdirSync(unpacked, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(path.join(unpacked, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  const zip = zipSync(
    Object.fromEntries(files.map((file) => [file, new Uint8Array(readFileSync(path.join(unpacked, ...file.split('/'))))])),
    { level: 9, mtime: ZIP_MTIME },
  );
  const zipPath = path.join(outDir, ZIP_NAME);
  writeFileSync(zipPath, zip);
  return zipPath;
}
