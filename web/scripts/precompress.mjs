// Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the built app, at the strongest
// settings, once at build time; the server sends the copy the browser accepts, so requests cost no compression.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest|xml)$/;
const MIN_BYTES = 1024; // below a packet's size compression saves no round trip

const files = readdirSync(dist, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && TEXT.test(entry.name) && !entry.parentPath.includes('.vite'))
  .map((entry) => `${entry.parentPath}/${entry.name}`);

for (const file of files) {
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
