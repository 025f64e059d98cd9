// Full-text extraction on saved publisher pages (api/scripts/testdata/fulltext-pages: news sites, blogs, Medium,
// WordPress, Ghost, Substack, Mastodon, a wide table, embeds, a paywall teaser). Measures, on one core:
//   - speed: pages per second and p50/p95/max milliseconds per extraction, per page kind and overall, over
//     `--rounds` rounds (20) of every page after one warm-up round;
//   - memory: for each page, the heap still in use and the RSS growth right after one extraction, measured from a
//     collected heap (median of 3), the heap left after a final collection, and the process's peak RSS;
//   - quality: recall and precision of the words of the page's expected.txt in the extracted text (word multisets).
// `--dom linkedom` (the default) runs extractArticle as shipped; `--dom jsdom` runs its steps (readPage, Readability
// with the same options, sanitiseHtml, the minimum length) on a jsdom document, for comparison only.
// Run: npm run bench:fulltext -- --dom jsdom --rounds 10. The collector is exposed at startup (v8 flags), so no
// node flag is needed. Figures: docs/performance.md, "Full-text extraction".
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { Readability } from '@mozilla/readability';
import { JSDOM, VirtualConsole } from 'jsdom';
import { ExtractionError, MIN_ARTICLE_CHARACTERS, extractArticle } from '../src/ingest/extractArticle.ts';
import { readPage } from '../src/ingest/pageMetadata.ts';
import { plainText, sanitiseHtml } from '../src/ingest/sanitise.ts';

const PAGES_DIR = new URL('./testdata/fulltext-pages/', import.meta.url);
const QUALITY_FLOOR = 0.9;
const MEMORY_REPEATS = 3;

type PageEntry = { name: string; kind: string; url: string; source: 'readability corpus' | 'written by hand' };
type Page = PageEntry & { html: string; expected: string[] };
type Extractor = (html: string, pageUrl: string) => string;
type Outcome = { content: string } | { failure: string };

const { values: args } = parseArgs({
  options: { rounds: { type: 'string', default: '20' }, dom: { type: 'string', default: 'linkedom' } },
});
const rounds = Number(args.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a positive integer, not “${args.rounds}”`);
if (args.dom !== 'linkedom' && args.dom !== 'jsdom') throw new Error(`--dom must be linkedom or jsdom, not “${args.dom}”`);

/** Lower-cased runs of letters and digits: the units both recall and precision count. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function loadPages(): Page[] {
  const entries = JSON.parse(readFileSync(new URL('pages.json', PAGES_DIR), 'utf8')) as PageEntry[];
  return entries.map((entry) => ({
    ...entry,
    html: gunzipSync(readFileSync(new URL(`${entry.name}/page.html.gz`, PAGES_DIR))).toString('utf8'),
    expected: words(readFileSync(new URL(`${entry.name}/expected.txt`, PAGES_DIR), 'utf8')),
  }));
}

// jsdom reports every stylesheet it cannot parse; the comparison is about time and text, not the publishers' CSS.
const quietConsole = new VirtualConsole();

/**
 * extractArticle's steps with jsdom in place of linkedom: the page's metadata and base, Readability with the same
 * options, the sanitiser, the minimum length. extractArticle's complexity check (its own parser pass, private to it)
 * is left out, so the comparison leans slightly towards jsdom.
 */
function extractWithJsdom(html: string, pageUrl: string): string {
  const page = readPage(html, pageUrl, new Date());
  const { window } = new JSDOM(html, { url: pageUrl, virtualConsole: quietConsole });
  try {
    const article = new Readability(window.document, { charThreshold: MIN_ARTICLE_CHARACTERS }).parse();
    if (!article?.content) throw new ExtractionError('nothing-found', 'No article text was found on the page');
    const content = sanitiseHtml(article.content, page.baseUrl);
    if (plainText(content).length < MIN_ARTICLE_CHARACTERS) throw new ExtractionError('nothing-found', 'No article text was found');
    return content;
  } finally {
    window.close();
  }
}

const extract: Extractor = args.dom === 'jsdom' ? extractWithJsdom : (html, pageUrl) => extractArticle(html, pageUrl).content;

/**
 * Extracts `page`. jsdom frees a closed window in a later task, as a server's event loop turns between pages; a
 * loop that never yields keeps every window (about 15 MB for a news page) until the heap runs out. So each caller
 * lets the loop turn after each extraction, outside the timed part, whatever the DOM.
 */
function attempt(page: Page): Outcome {
  try {
    return { content: extract(page.html, page.url) };
  } catch (error) {
    if (error instanceof ExtractionError) return { failure: error.kind };
    throw error;
  }
}

/** The collector, exposed now if node was started without --expose-gc. */
function collector(): () => void {
  if (typeof globalThis.gc === 'function') return globalThis.gc;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return percentile(sorted, 0.5);
}

/** Recall: the share of the expected words found; precision: the share of the extracted words expected. */
function overlap(expected: string[], extracted: string[]): { recall: number; precision: number } {
  const wanted = new Map<string, number>();
  for (const word of expected) wanted.set(word, (wanted.get(word) ?? 0) + 1);
  let shared = 0;
  for (const word of extracted) {
    const left = wanted.get(word) ?? 0;
    if (left > 0) {
      shared++;
      wanted.set(word, left - 1);
    }
  }
  return { recall: expected.length ? shared / expected.length : 1, precision: extracted.length ? shared / extracted.length : 0 };
}

const ms = (value: number) => value.toFixed(1).padStart(7);
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1).padStart(6);
const share = (value: number) => value.toFixed(3).padStart(9);

const gc = collector();
const pages = loadPages();
const kinds = [...new Set(pages.map((page) => page.kind))];
const rssAtStart = process.memoryUsage().rss;

for (const page of pages) {
  attempt(page);
  await nextTurn();
}
const times = new Map<Page, number[]>(pages.map((page) => [page, []]));
let cpuMicros = 0; // the process's CPU time (all threads: V8 collects and compiles on others) during extractions
for (let round = 0; round < rounds; round++) {
  for (const page of pages) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    attempt(page);
    const used = process.cpuUsage(cpu);
    times.get(page)!.push(performance.now() - start);
    cpuMicros += used.user + used.system;
    await nextTurn();
  }
}

gc();
const heapAtStart = process.memoryUsage().heapUsed;
const memory = new Map<Page, { heap: number; rss: number }>();
for (const page of pages) {
  const heap: number[] = [];
  const rss: number[] = [];
  for (let repeat = 0; repeat < MEMORY_REPEATS; repeat++) {
    gc();
    const before = process.memoryUsage();
    attempt(page);
    const after = process.memoryUsage();
    heap.push(after.heapUsed - before.heapUsed);
    rss.push(after.rss - before.rss);
    await nextTurn();
  }
  memory.set(page, { heap: median(heap), rss: median(rss) });
}
gc();
const heapLeft = process.memoryUsage().heapUsed - heapAtStart;

const print = (line = '') => console.log(line);
const allTimes = [...times.values()].flat();
const busy = allTimes.reduce((sum, value) => sum + value, 0);
print(`Full-text extraction on ${args.dom}: ${pages.length} pages × ${rounds} rounds after 1 warm-up round`);
print(`node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), load ${os.loadavg()[0]!.toFixed(2)}`);
const perSecond = (seconds: number) => `${(allTimes.length / seconds).toFixed(1)} pages/s`;
print(`${allTimes.length} extractions, one at a time: ${(busy / 1000).toFixed(1)} s, ${perSecond(busy / 1000)} by the clock;`);
print(`${(cpuMicros / 1e6).toFixed(1)} s of CPU, ${perSecond(cpuMicros / 1e6)} per CPU second (the clock figure grows with load)`);
print();
print('kind              pages  p50 ms  p95 ms  max ms  heap MB p50   max  RSS MB max');
const timeRow = (label: string, group: Page[]) => {
  const sorted = group.flatMap((page) => times.get(page)!).sort((a, b) => a - b);
  const heaps = group.map((page) => memory.get(page)!.heap);
  const rssMax = Math.max(...group.map((page) => memory.get(page)!.rss));
  print(
    `${label.padEnd(16)} ${String(group.length).padStart(6)} ${ms(percentile(sorted, 0.5))} ${ms(percentile(sorted, 0.95))} ` +
      `${ms(sorted.at(-1)!)}  ${mb(median(heaps)).padStart(10)} ${mb(Math.max(...heaps))} ${mb(rssMax).padStart(11)}`,
  );
};
const ofKind = (kind: string) => pages.filter((page) => page.kind === kind);
for (const kind of kinds) timeRow(kind, ofKind(kind));
timeRow('all', pages);
const peakRss = process.resourceUsage().maxRSS * 1024;
print(`RSS with the modules and pages loaded ${mb(rssAtStart).trim()} MB, at its peak ${mb(peakRss).trim()} MB`);
print(`heap left after a final collection, over the heap before the memory pass: ${mb(heapLeft).trim()} MB`);

print();
print('Quality: words of expected.txt in the extracted text');
print('page                  kind            expected  extracted   recall  precision  result');
const weak: string[] = [];
for (const page of pages) {
  const outcome = attempt(page);
  await nextTurn();
  const extracted = 'content' in outcome ? words(plainText(outcome.content)) : [];
  const { recall, precision } = overlap(page.expected, extracted);
  const result = 'content' in outcome ? 'ok' : `failed: ${outcome.failure}`;
  const hand = page.source === 'written by hand' ? '*' : ' ';
  const row =
    `${(page.name + hand).padEnd(21)} ${page.kind.padEnd(15)} ${String(page.expected.length).padStart(8)} ` +
    `${String(extracted.length).padStart(10)} ${share(recall)} ${share(precision).padStart(10)}  ${result}`;
  print(row);
  if (recall < QUALITY_FLOOR || precision < QUALITY_FLOOR) weak.push(row);
}
print('* written by hand');
print();
print(`Below ${QUALITY_FLOOR} in recall or precision: ${weak.length} of ${pages.length}`);
for (const row of weak) print(row);
