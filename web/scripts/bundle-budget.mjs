// The first screen's JavaScript budget: the scripts a signed-in user downloads before /articles paints, counted as the
// server sends them (brotli at quality 11, as scripts/precompress.mjs writes them), at most BUDGET_KB. Counted from
// the entry page and Vite's manifest: the entry page's scripts, the signed-in layout's and the /articles route's
// chunks (every split part, when they are split), and everything each of them imports statically; scripts loaded
// later (other screens, graphql-ws once the page is idle) are not. Run by `npm run build` after `vite build`, which
// it fails above the budget, listing the chunks so the growth can be found (`--list` lists them always:
// `npm run budget`). gzip -9 is printed beside it for browsers that do not take brotli.
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// React, Relay and TanStack Router, as their packages publish them, take most of it; the rest is the app's own first
// screen, which vite.config.ts gathers into one chunk.
const BUDGET_KB = 170;
const FIRST_SCREEN_SOURCES = ['src/routes/_app.tsx', 'src/routes/_app/articles.tsx'];

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const html = readFileSync(new URL('index.html', dist), 'utf8');
const entryScripts = [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map(([, file]) => file);
const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g)].map(([, file]) => file);

const roots = Object.entries(manifest)
  .filter(
    ([key, chunk]) =>
      chunk.isEntry || entryScripts.includes(chunk.file) || FIRST_SCREEN_SOURCES.some((source) => key.split('?')[0] === source),
  )
  .map(([key]) => key);

const counted = new Set();
const visit = (key) => {
  if (counted.has(key)) return;
  counted.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
roots.forEach(visit);

const chunks = [...counted]
  .map((key) => manifest[key].file)
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const content = readFileSync(new URL(file, dist));
    const brotli = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
    return { file, brotli, gzip: gzipSync(content, { level: 9 }).length };
  })
  .sort((a, b) => b.brotli - a.brotli);
const kb = (key) => chunks.reduce((sum, chunk) => sum + chunk[key], 0) / 1024;
const totalKb = kb('brotli');

// The entry page loads or preloads exactly the first screen's scripts: one missing loads only after the script that
// imports it has run, one too many delays the others.
const firstScreen = chunks.map((chunk) => chunk.file).filter((file) => !entryScripts.includes(file));
const notPreloaded = firstScreen.filter((file) => !preloaded.includes(file));
const notFirstScreen = preloaded.filter((file) => !firstScreen.includes(file));
if (notPreloaded.length > 0 || notFirstScreen.length > 0) {
  console.log(
    `index.html preloads the wrong scripts: missing ${notPreloaded.join(', ') || 'none'}; not of the first screen ${notFirstScreen.join(', ') || 'none'}`,
  );
  process.exit(1);
}

const verdict = totalKb <= BUDGET_KB ? 'within' : 'OVER';
console.log(
  `First screen (/articles, signed in): ${totalKb.toFixed(1)} KB brotli (${kb('gzip').toFixed(1)} KB gzip -9) in ${chunks.length} scripts, ${verdict} the ${BUDGET_KB} KB budget`,
);
if (totalKb > BUDGET_KB || process.argv.includes('--list')) {
  for (const chunk of chunks) {
    console.log(
      `  ${(chunk.brotli / 1024).toFixed(1).padStart(6)} KB brotli ${(chunk.gzip / 1024).toFixed(1).padStart(6)} KB gzip  ${chunk.file}`,
    );
  }
}
process.exit(totalKb <= BUDGET_KB ? 0 : 1);
