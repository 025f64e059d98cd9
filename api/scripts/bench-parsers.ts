// Measures the candidate feed parsers for speed (ms/parse on generated 500-item RSS and Atom feeds) and
// correctness (which fixtures in src/ingest/testdata each reads right). Run: npx tsx api/scripts/bench-parsers.ts
// The figures and the decision they led to are in docs/feed-parsers.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseFeed as rowanParse } from '@rowanmanning/feed-parser';
import { parseFeed as feedsmithParse } from 'feedsmith';
import RssParser from 'rss-parser';
import { decodeFeedBody } from '../src/ingest/decode.ts';
import { normaliseFeed, parseFeedDate } from '../src/ingest/normalise.ts';
import { parseFeed as tidingsParse } from '../src/ingest/parse.ts';

const TESTDATA = new URL('../src/ingest/testdata/', import.meta.url);
const require = createRequire(import.meta.url);

/** What each parser is asked to report, so one set of checks applies to all. */
interface View {
  title: string | null;
  items: {
    id: string | null;
    url: string | null;
    title: string | null;
    content: string | null;
    date: Date | string | null;
    image: string | null;
  }[];
}

type Adapter = (text: string) => Promise<View>;

const rssParser = new RssParser({
  customFields: {
    item: [
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnail'],
      ['dc:date', 'dcDate'],
    ],
  },
});

const resolveUrl = (url: string | null | undefined, base: string | null | undefined): string | null => {
  if (!url) return null;
  try {
    return base ? new URL(url, base).href : url;
  } catch {
    return url;
  }
};

// Loosely typed on purpose: each library's own shapes differ and the adapters only read a few fields.
/* eslint-disable @typescript-eslint/no-explicit-any */
const adapters: Record<string, Adapter> = {
  'rss-parser 3.13': async (text) => {
    const feed: any = await rssParser.parseString(text);
    return {
      title: feed.title ?? null,
      items: (feed.items ?? []).map((i: any) => ({
        id: i.guid ?? i.id ?? null,
        url: i.link ?? null,
        title: i.title ?? null,
        content: i['content:encoded'] ?? i.content ?? null,
        date: i.isoDate ?? null,
        image:
          i.mediaContent?.[0]?.$?.url ?? i.mediaThumbnail?.$?.url ?? (i.enclosure?.type?.startsWith('image/') ? i.enclosure.url : null),
      })),
    };
  },
  'feedsmith 3.0': async (text) => {
    const { format, feed } = feedsmithParse(text) as { format: string; feed: any };
    if (format === 'atom') {
      const feedBase = feed.xml?.base ?? null;
      return {
        title: feed.title?.value ?? null,
        items: (feed.entries ?? []).map((e: any) => {
          const base = resolveUrl(e.xml?.base, feedBase) ?? feedBase;
          return {
            id: e.id ?? null,
            url: resolveUrl((e.links ?? []).find((l: any) => (l.rel ?? 'alternate') === 'alternate')?.href, base),
            title: e.title?.value ?? null,
            content: e.content?.value ?? e.summary?.value ?? null,
            date: e.published ?? e.updated ?? null,
            image: resolveUrl(e.media?.contents?.[0]?.url ?? e.media?.thumbnails?.[0]?.url, base),
          };
        }),
      };
    }
    if (format === 'json') {
      return {
        title: feed.title ?? null,
        items: (feed.items ?? []).map((i: any) => ({
          id: i.id ?? null,
          url: i.url ?? null,
          title: i.title ?? null,
          content: i.content_html ?? i.content_text ?? null,
          date: i.date_published ?? null,
          image: i.image ?? null,
        })),
      };
    }
    return {
      title: feed.title ?? null,
      items: (feed.items ?? []).map((i: any) => ({
        id: i.guid?.value ?? null,
        url: i.link ?? null,
        title: i.title ?? null,
        content: i.content?.encoded ?? i.description ?? null,
        date: i.pubDate ?? i.dc?.dates?.[0] ?? null,
        image:
          i.media?.contents?.[0]?.url ??
          i.media?.thumbnails?.[0]?.url ??
          i.enclosures?.find((e: any) => e.type?.startsWith('image/'))?.url ??
          null,
      })),
    };
  },
  '@rowanmanning/feed-parser 2.1': async (text) => {
    const feed: any = rowanParse(text);
    return {
      title: feed.title ?? null,
      items: (feed.items ?? []).map((i: any) => ({
        id: i.id ?? null,
        url: i.url ?? null,
        title: i.title ?? null,
        content: i.content ?? i.description ?? null,
        date: i.published ?? i.updated ?? null,
        image: i.image?.url ?? i.media?.find((m: any) => m.type === 'image' || m.mimeType?.startsWith('image/'))?.url ?? null,
      })),
    };
  },
};
/* eslint-enable @typescript-eslint/no-explicit-any */

// The pipeline as shipped: decode.ts + parse.ts (feedsmith with the DOCTYPE/control-character pre-pass and
// broken-XML recovery) + normalise.ts. Timed like the others; in the matrix it gets the raw bytes.
const PIPELINE = 'Tidings parse.ts+normalise.ts';
function pipelineView(body: Buffer, contentType: string | null): View {
  const feed = normaliseFeed(tidingsParse(body, contentType), {
    fetchUrl: 'https://fetched.example/feed',
    now: new Date('2024-03-01T12:00:00Z'),
  });
  return {
    title: feed.title,
    items: feed.articles.map((a) => ({
      id: a.guid,
      url: a.url,
      title: a.title,
      content: a.content,
      date: a.dated ? a.publishedAt : null,
      image: a.imageUrl,
    })),
  };
}

const asDate = (d: Date | string | null): Date | null => (d === null ? null : d instanceof Date ? d : parseFeedDate(d));
const sameInstant = (d: Date | string | null, iso: string) => asDate(d)?.getTime() === new Date(iso).getTime();

interface Check {
  fixture: string;
  contentType?: string;
  what: string;
  ok: (view: View) => boolean;
}

const charsetTitle = (v: View) => /^Grüße aus Köln [–-] naïve café$/.test(v.items[0]?.title ?? '');
const CHECKS: Check[] = [
  {
    fixture: 'rss090.xml',
    what: 'RSS 0.90 (RDF) items',
    ok: (v) => v.items.length === 2 && v.items[0]?.url === 'http://www.mozilla.org/status/',
  },
  { fixture: 'rss091.xml', what: 'RSS 0.91 items', ok: (v) => v.items.length === 2 && v.title === 'WriteTheWeb' },
  {
    fixture: 'rss092.xml',
    what: 'RSS 0.92 untitled item',
    ok: (v) => v.items.length === 2 && (v.items[0]?.content ?? '').includes('Grateful Dead'),
  },
  {
    fixture: 'rss1-rdf.xml',
    what: 'RSS 1.0 dc:date + content:encoded',
    ok: (v) =>
      v.items.length === 2 && sameInstant(v.items[0]?.date ?? null, '2000-08-09T09:00:00Z') && (v.items[0]?.content ?? '').includes('<em>'),
  },
  {
    fixture: 'rss2-full.xml',
    what: 'RSS 2.0 guid/content:encoded/date',
    ok: (v) =>
      v.items[0]?.id === 'tag:example.com,2024:post-1' &&
      (v.items[0]?.content ?? '').includes('<strong>') &&
      sameInstant(v.items[0]?.date ?? null, '2024-01-02T15:04:05Z'),
  },
  {
    fixture: 'rss2-full.xml',
    what: 'media:content / image enclosure',
    ok: (v) =>
      v.items[0]?.image === 'https://cdn.example.com/photo-large.jpg' && v.items[2]?.image === 'https://cdn.example.com/cover-3.png',
  },
  {
    fixture: 'atom03.xml',
    what: 'Atom 0.3 issued + escaped content',
    ok: (v) =>
      v.items.length === 1 && sameInstant(v.items[0]?.date ?? null, '2003-12-13T12:29:29Z') && (v.items[0]?.content ?? '').includes('<i>'),
  },
  {
    fixture: 'atom1-xml-base.xml',
    what: 'Atom 1.0 xml:base links',
    ok: (v) =>
      v.items[0]?.url === 'https://blog.example.org/2024/03/relative-post.html' &&
      v.items[1]?.url === 'https://blog.example.org/posts/xhtml',
  },
  {
    fixture: 'atom1-xml-base.xml',
    what: 'Atom xhtml content',
    ok: (v) => (v.items[1]?.content ?? '').includes('<em>content</em>') && !(v.items[1]?.content ?? '').includes('<div xmlns'),
  },
  {
    fixture: 'atom1-xml-base.xml',
    what: 'Atom relative media:thumbnail',
    ok: (v) => v.items[1]?.image === 'https://blog.example.org/thumbs/xhtml.jpg',
  },
  { fixture: 'jsonfeed10.json', what: 'JSON Feed 1.0', ok: (v) => v.items.length === 2 && v.items[0]?.title === 'Second item' },
  { fixture: 'jsonfeed11.json', what: 'JSON Feed 1.1', ok: (v) => v.items.length === 2 && v.title === 'JSON Feed 1.1 example' },
  { fixture: 'rss2-utf-16le-bom.xml', what: 'UTF-16LE + BOM', ok: charsetTitle },
  { fixture: 'rss2-utf-16be-bom.xml', what: 'UTF-16BE + BOM', ok: charsetTitle },
  { fixture: 'rss2-iso-8859-1.xml', what: 'ISO-8859-1 in XML declaration', ok: charsetTitle },
  {
    fixture: 'rss2-windows-1252.xml',
    contentType: 'application/rss+xml; charset=windows-1252',
    what: 'windows-1252 in HTTP header',
    ok: charsetTitle,
  },
  { fixture: 'rss2-bom-wins-over-declared-charset.xml', what: 'BOM beats declared charset', ok: charsetTitle },
  {
    fixture: 'rss2-control-characters.xml',
    what: 'control characters',
    ok: (v) => v.items.length === 1 && !/[\u0000-\u0008]/.test(v.items[0]?.title ?? ''),
  },
  {
    fixture: 'rss2-html-entities.xml',
    what: 'HTML entities (&nbsp; &eacute;) in XML',
    ok: (v) => (v.items[0]?.title ?? '').startsWith('Résumé – “quoted” &') && (v.title ?? '').startsWith('Café'),
  },
  {
    fixture: 'rss2-broken-dates.xml',
    what: 'broken dates (12 readable forms)',
    ok: (v) => v.items.filter((i) => sameInstant(i.date, '2002-10-02T13:00:00Z')).length === 12,
  },
  { fixture: 'rss2-missing-guids.xml', what: 'items without guid', ok: (v) => v.items.length === 3 },
  { fixture: 'rss2-unclosed-tags.xml', what: 'unclosed tags recovered', ok: (v) => v.items.length === 2 },
  { fixture: 'rss2-empty.xml', what: 'empty feed', ok: (v) => v.items.length === 0 && v.title === 'An empty feed' },
  {
    fixture: 'xxe-external-entity.xml',
    what: 'XXE: parsed, nothing read',
    ok: (v) => v.items.length === 1 && !JSON.stringify(v).includes('root:'),
  },
  {
    fixture: 'billion-laughs.xml',
    what: 'billion laughs: parsed, not expanded',
    ok: (v) => v.items.length === 1 && JSON.stringify(v).length < 10_000,
  },
];

async function runCheck(parser: string, check: Check): Promise<string> {
  const body = readFileSync(new URL(check.fixture, TESTDATA));
  try {
    let view: View;
    if (parser === PIPELINE) view = pipelineView(body, check.contentType ?? null);
    else {
      // Libraries take strings: they all get the text decode.ts produced (none of them decodes bytes).
      const text = decodeFeedBody(body, check.contentType ?? null).text;
      view = await withTimeout(adapters[parser]!(text), 5_000);
    }
    return check.ok(view) ? 'yes' : 'no';
  } catch (error) {
    return `error (${String((error as Error).message)
      .slice(0, 40)
      .replace(/\s+/g, ' ')})`;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timeout ${ms} ms`)), ms).unref())]);
}

// The entity bomb is also run against each library in a child process: an expanding parser would hang or
// exhaust memory, which must not take the benchmark down with it.
function bombInChildProcess(module: string, call: string): string {
  const code = `const m=require(${JSON.stringify(require.resolve(module))});const t=require('fs').readFileSync(${JSON.stringify(new URL('billion-laughs.xml', TESTDATA).pathname)},'utf8');const s=Date.now();Promise.resolve(${call}).then(r=>{console.log(JSON.stringify({ms:Date.now()-s,len:JSON.stringify(r).length}))},e=>{console.log(JSON.stringify({ms:Date.now()-s,error:String(e.message).slice(0,60)}))})`;
  const result = spawnSync(process.execPath, ['--max-old-space-size=512', '-e', code], { timeout: 10_000, encoding: 'utf8' });
  if (result.error || result.status !== 0) return `killed/crashed (${result.signal ?? result.status})`;
  const out = JSON.parse(result.stdout.trim()) as { ms: number; len?: number; error?: string };
  return out.error ? `refused in ${out.ms} ms (${out.error.replace(/\s+/g, ' ')})` : `${out.ms} ms, output ${out.len} chars`;
}

// ----- generated feeds for timing ------------------------------------------------------------------------

const ITEMS = 500;
const paragraph = (i: number) =>
  `<p>Paragraph ${i} with <a href="https://example.com/${i}">a link</a>, <em>emphasis</em> &amp; an image <img src="/img/${i}.png" alt="x"></p>`;
function generatedRss(): string {
  const items = Array.from(
    { length: ITEMS },
    (_, i) =>
      `<item><title>Item ${i} &amp; more</title><link>https://example.com/posts/${i}</link><guid>https://example.com/posts/${i}</guid><pubDate>${new Date(Date.UTC(2024, 0, 1) - i * 3_600_000).toUTCString()}</pubDate><dc:creator>Author ${i}</dc:creator><description>Summary of item ${i}</description><content:encoded><![CDATA[${paragraph(i).repeat(5)}]]></content:encoded><media:thumbnail url="https://cdn.example.com/${i}.jpg"/></item>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Generated RSS</title><link>https://example.com/</link><description>500 items</description>${items.join('')}</channel></rss>`;
}
function generatedAtom(): string {
  const entries = Array.from(
    { length: ITEMS },
    (_, i) =>
      `<entry><title>Entry ${i}</title><link rel="alternate" href="/posts/${i}"/><id>tag:example.com,2024:${i}</id><updated>${new Date(Date.UTC(2024, 0, 1) - i * 3_600_000).toISOString()}</updated><author><name>Author ${i}</name></author><summary>Summary ${i}</summary><content type="html">${paragraph(i).repeat(5).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</content></entry>`,
  );
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://example.com/"><title>Generated Atom</title><link href="/"/><id>urn:x</id><updated>2024-01-01T00:00:00Z</updated>${entries.join('')}</feed>`;
}

async function timeIt(run: () => Promise<unknown>, iterations = 25): Promise<number> {
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function main(): Promise<void> {
  const rss = generatedRss();
  const atom = generatedAtom();
  console.log(
    `Generated feeds: RSS ${(rss.length / 1024).toFixed(0)} KiB, Atom ${(atom.length / 1024).toFixed(0)} KiB, ${ITEMS} items each. Median of 25 runs.\n`,
  );
  console.log('| parser | RSS 2.0 ms/parse | Atom 1.0 ms/parse |');
  console.log('|---|---:|---:|');
  for (const [name, adapter] of Object.entries(adapters)) {
    const r = await timeIt(() => adapter(rss));
    const a = await timeIt(() => adapter(atom));
    console.log(`| ${name} | ${r.toFixed(1)} | ${a.toFixed(1)} |`);
  }
  const rssBytes = Buffer.from(rss);
  const atomBytes = Buffer.from(atom);
  const tr = await timeIt(async () => tidingsParse(rssBytes, null));
  const ta = await timeIt(async () => tidingsParse(atomBytes, null));
  console.log(`| Tidings parse.ts (bytes → ParsedFeed) | ${tr.toFixed(1)} | ${ta.toFixed(1)} |`);
  const pr = await timeIt(async () => pipelineView(rssBytes, null));
  const pa = await timeIt(async () => pipelineView(atomBytes, null));
  console.log(`| ${PIPELINE} (incl. sanitising 500 items) | ${pr.toFixed(1)} | ${pa.toFixed(1)} |`);

  const parsers = [...Object.keys(adapters), PIPELINE];
  console.log(`\nCorrectness on src/ingest/testdata (libraries get the text decode.ts produced; the pipeline gets the bytes):\n`);
  console.log(`| fixture | what | ${parsers.join(' | ')} |`);
  console.log(`|---|---|${parsers.map(() => '---').join('|')}|`);
  const totals = new Map(parsers.map((p) => [p, 0]));
  for (const check of CHECKS) {
    const cells: string[] = [];
    for (const parser of parsers) {
      const cell = await runCheck(parser, check);
      if (cell === 'yes') totals.set(parser, (totals.get(parser) ?? 0) + 1);
      cells.push(cell);
    }
    console.log(`| ${check.fixture} | ${check.what} | ${cells.join(' | ')} |`);
  }
  console.log(`| **total** | of ${CHECKS.length} | ${parsers.map((p) => `**${totals.get(p)}**`).join(' | ')} |`);

  console.log('\nBillion laughs given straight to each library (no pre-pass), in a child process with 512 MB and 10 s:\n');
  console.log(`- rss-parser: ${bombInChildProcess('rss-parser', 'new m().parseString(t)')}`);
  console.log(`- feedsmith: ${bombInChildProcess('feedsmith', 'm.parseFeed(t)')}`);
  console.log(`- @rowanmanning/feed-parser: ${bombInChildProcess('@rowanmanning/feed-parser', 'm.parseFeed(t)')}`);
}

await main();
