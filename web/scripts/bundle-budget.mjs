// The first screen's JavaScript budget: what a signed-in user downloads to open /articles, gzip -9, at most
// BUDGET_KB. Counted from Vite's manifest: the entry page's scripts, the signed-in layout's and the /articles
// route's chunks (every split part), and everything each of them imports statically. Run after `vite build`;
// exits 1 above the budget, listing the chunks so the growth can be found.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const FIRST_SCREEN_SOURCES = ['src/routes/_app.tsx', 'src/routes/_app/articles.tsx'];

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const roots = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isEntry || FIRST_SCREEN_SOURCES.some((source) => key.split('?')[0] === source))
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
  .map((file) => ({ file, gzip: gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length }))
  .sort((a, b) => b.gzip - a.gzip);
const totalKb = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0) / 1024;

const verdict = totalKb <= BUDGET_KB ? 'within' : 'OVER';
console.log(
  `First screen (/articles, signed in): ${totalKb.toFixed(1)} KB gzip -9 in ${chunks.length} scripts, ${verdict} the ${BUDGET_KB} KB budget`,
);
if (totalKb > BUDGET_KB || process.argv.includes('--list')) {
  for (const chunk of chunks) console.log(`  ${(chunk.gzip / 1024).toFixed(1).padStart(6)} KB  ${chunk.file}`);
}
process.exit(totalKb <= BUDGET_KB ? 0 : 1);
