// Export benchmark: 300 liked articles of ~1,200 words, each with a 1600×1000 JPEG served by a local
// image server, one in five also holding a paragraph of Cyrillic, Greek, Arabic or Chinese (the Chinese ones ~400
// different characters each, so the EPUB's CJK subset and the PDF's CJK parts are large), exported as a PDF and as
// an EPUB the way a reader asks for one: POST /api/export/{format} on the compiled server (npm run build -w api) with
// its worker inline, as `npm start` runs it, the same request the spec's contract is about. Each format runs on a
// server process of its own, so neither inherits the other's memory. Prints wall time to the whole answer, the
// server's CPU time (all its threads: on a loaded machine the wall time grows with the load, the CPU time much
// less), its peak extra memory (RSS over its RSS just before the request, sampled every 20 ms), the file size and
// the machine's load; then checks the targets (under 60 s and under 500 MB extra, each format) and exits 1 past
// either. Figures: docs/benchmarks.md
// Run: npm run bench:export. Uses the database tidings_bench_export on DATABASE_URL's server when set, else an
// embedded PostgreSQL in ./data/bench-reading. BENCH_EXPORT_ARTICLES (300) changes the count, BENCH_EXPORT_FORMATS
// (pdf,epub) the formats; BENCH_EXPORT_LATIN_ONLY=1 leaves the other scripts out.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import sharp from 'sharp';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { createPrisma } from '../src/db/prisma.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { openSession } from '../src/domain/accounts/sessions.ts';
import { createLogger } from '../src/logger.ts';
import { openBenchServer } from './benchReading/database.ts';
import { unzip } from '../test/zip.ts';
import { startServer } from './benchRealtime/servers.ts';

const COUNT = Number(process.env.BENCH_EXPORT_ARTICLES ?? 300);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'pdf,epub').split(',') as ('pdf' | 'epub')[];
const LATIN_ONLY = process.env.BENCH_EXPORT_LATIN_ONLY === '1';
/** The targets: an export of 300 articles with images answers within a minute and costs under 500 MB of memory. */
const LIMITS = { seconds: 60, extraMb: 500 };
const NAME = 'tidings_bench_export';
const log = createLogger('warn');
const print = (line = '') => console.log(line);
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const TOPICS = [
  ['solar', 'energy', 'panels', 'grid'],
  ['compiler', 'rust', 'release', 'performance'],
  ['election', 'parliament', 'vote', 'policy'],
  ['football', 'league', 'match', 'season'],
  ['telescope', 'galaxy', 'astronomers', 'star'],
  ['recipe', 'kitchen', 'bread', 'flour'],
];
const FILLER = 'the quick report explains how people use it every day and what changes next for readers who follow along'.split(' ');

/** A paragraph of another script for one article in five: Cyrillic, Greek, Arabic, or ~400 Chinese characters. */
function otherScript(index: number): string {
  if (LATIN_ONLY || index % 5 !== 0) return '';
  switch ((index / 5) % 4) {
    case 0:
      return `<p>${'Солнечная энергия растёт, и читатели следят за новостями каждый день. '.repeat(4)}</p>`;
    case 1:
      return `<p>${'Οι αναγνώστες ακολουθούν την ιστορία καθώς εξελίσσεται, με τα στοιχεία που μετρούν. '.repeat(4)}</p>`;
    case 2:
      return `<p>${'يتابع القراء القصة كما تتكشف، مع الأرقام المهمة ورابط إلى التقرير الأصلي. '.repeat(4)}</p>`;
    default: {
      // Characters spread over the CJK block (a different run per article), with Chinese punctuation.
      let seed = index * 2654435761;
      const chars = Array.from({ length: 400 }, (_, i) => {
        seed = (seed * 1103515245 + 12345) >>> 0;
        return i % 25 === 24 ? '，' : String.fromCodePoint(0x4e00 + (seed % 0x51a6));
      });
      return `<p>${chars.join('')}。</p>`;
    }
  }
}

/** ~1,200 words: headings, paragraphs, a list, a quote, some code and one image, on one of six topics. */
function articleHtml(index: number, imageUrl: string): string {
  const words = TOPICS[index % TOPICS.length]!;
  const paragraph = (seed: number) =>
    `<p>${Array.from({ length: 95 }, (_, i) => (i % 7 === 0 ? words[(seed + i) % words.length] : FILLER[(seed * 3 + i) % FILLER.length])).join(' ')}.</p>`;
  return [
    `<h2>About ${words[0]}</h2>`,
    paragraph(index),
    paragraph(index + 1),
    `<img src="${imageUrl}" alt="A picture about ${words[0]}">`,
    paragraph(index + 2),
    otherScript(index),
    `<ul><li>${words[1]} first</li><li>${words[2]} second</li><li>${words[3]} third</li></ul>`,
    `<blockquote><p>${words[0]} and ${words[1]} matter, a reader says.</p></blockquote>`,
    paragraph(index + 3),
    `<h3>Details</h3>`,
    paragraph(index + 4),
    `<pre><code>const ${words[0]} = ${index};\nconsole.log(${words[0]});</code></pre>`,
    ...Array.from({ length: 7 }, (_, i) => paragraph(index + 5 + i)),
  ].join('\n');
}

/** Seeds the reader, the feed, its articles and the likes; answers the reader's session token. */
async function seed(databaseUrl: string, imageBase: string, photo: Buffer): Promise<string> {
  const db = createPrisma(databaseUrl, 2);
  try {
    const user = await db.user.create({ data: { username: 'bench_reader', email: 'bench@example.com', passwordHash: 'x' } });
    // Not due for a refresh while the worker runs: its address does not resolve.
    const feed = await db.feed.create({
      data: { url: 'https://bench.example.org/feed.xml', title: 'Bench Feed', nextFetchAt: new Date(Date.now() + 86_400_000) },
    });
    const now = Date.now();
    await db.article.createMany({
      data: Array.from({ length: COUNT }, (_, i) => ({
        feedId: feed.id,
        guid: `bench-${i}`,
        url: `https://bench.example.org/articles/${i}`,
        title: `${TOPICS[i % TOPICS.length]![0]} news ${i}: ${TOPICS[i % TOPICS.length]![1]} and ${TOPICS[i % TOPICS.length]![2]}`,
        author: 'Bench Writer',
        content: articleHtml(i, `${imageBase}/photo-${i}.jpg`),
        publishedAt: new Date(now - i * 60_000),
      })),
    });
    const articles = await db.article.findMany({ where: { feedId: feed.id }, select: { id: true, publishedAt: true } });
    await db.likedArticle.createMany({
      data: articles.map((article, i) => ({
        userId: user.id,
        articleId: article.id,
        feedId: feed.id,
        publishedAt: article.publishedAt,
        createdAt: new Date(now - i * 1000),
      })),
    });
    print(
      `seeded ${COUNT} liked articles, one ${mb(photo.length)} JPEG each (1600×1000)${LATIN_ONLY ? ', Latin text only' : ', one in five with a paragraph of another script'}`,
    );
    return await openSession(db, user.id);
  } finally {
    await db.$disconnect();
  }
}

type Row = {
  format: string;
  seconds: number;
  cpuSeconds: number;
  extraMb: number;
  jobExtraMb: number | null;
  bytes: number;
  images: number;
};

/** The pictures the file holds: the PDF's image objects, the EPUB's image files. */
function imagesIn(format: 'pdf' | 'epub', file: Buffer): number {
  if (format === 'epub') return [...unzip(file).keys()].filter((name) => /\.jpe?g$/i.test(name)).length;
  let count = 0;
  for (let at = file.indexOf('/Subtype /Image'); at !== -1; at = file.indexOf('/Subtype /Image', at + 1)) count++;
  return count;
}

/** One export through a fresh server process: POST /api/export/{format}, timed to the last byte of the answer. */
async function exportThrough(format: 'pdf' | 'epub', databaseUrl: string, token: string): Promise<Row> {
  const server = await startServer(
    await freePort(),
    {
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: 'http://bench.test',
      WORKER: 'inline',
      FEED_ALLOW_PRIVATE_HOSTS: 'true',
    },
    { compiled: true },
  );
  // The worker starts beside the server: let it settle before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const baseline = server.rssMiB();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMiB())), 20);
  // The peak until the job has stored the file, apart from reading it back and answering it: this request's export
  // is the one created since (an earlier format's is done already).
  let jobPeak = null as number | null;
  const since = new Date(Date.now() - 1000);
  const rows = new pg.Client({ connectionString: databaseUrl });
  await rows.connect();
  // One look at a time: on a loaded machine a look can take longer than the interval, and one client runs one query.
  let looking = false;
  const watcher = setInterval(() => {
    if (looking || jobPeak !== null) return;
    looking = true;
    void rows
      .query<{ status: string }>(`SELECT status FROM "ReadingExport" WHERE "createdAt" >= $1 ORDER BY "createdAt" DESC LIMIT 1`, [since])
      .then(
        ({ rows: [last] }) => {
          if (last?.status === 'done') jobPeak ??= peak;
        },
        () => {},
      )
      .finally(() => (looking = false));
  }, 100);
  try {
    const cpuBefore = server.cpuSeconds();
    const started = performance.now();
    const response = await fetch(`${server.url}/api/export/${format}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ days: 7, includeLiked: true, includeShared: false, includeDigest: false }),
    });
    const body = Buffer.from(await response.arrayBuffer());
    const seconds = (performance.now() - started) / 1000;
    if (response.status !== 200) throw new Error(`the ${format} export answered ${response.status}: ${body.toString('utf8', 0, 200)}`);
    return {
      format,
      seconds,
      cpuSeconds: server.cpuSeconds() - cpuBefore,
      extraMb: peak - baseline,
      jobExtraMb: jobPeak === null ? null : jobPeak - baseline,
      bytes: body.length,
      images: imagesIn(format, body),
    };
  } finally {
    clearInterval(sampler);
    clearInterval(watcher);
    await rows.end();
    await server.stop();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function main() {
  const server = await openBenchServer(log);
  const admin = new pg.Client({ connectionString: `${server.serverUrl}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await admin.end();
  await createDatabaseIfMissing(server.serverUrl, NAME);
  const databaseUrl = `${server.serverUrl}/${NAME}`;
  await migrateDatabase(databaseUrl, log);

  // A noisy photo-like JPEG, served under a distinct address per article so each one is fetched and resized.
  const noise = Buffer.alloc(1600 * 1000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 1600, height: 1000, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
  const images = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  const imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;

  const over: string[] = [];
  const partial: string[] = [];
  try {
    print(`Tidings export benchmark on ${server.where}, database ${NAME}`);
    print(
      `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${load()}`,
    );
    const token = await seed(databaseUrl, imageBase, photo);
    print();
    print(
      '| format | articles | wall time | server CPU time | peak extra RSS | of which until stored | file size | images | load average (1/5/15 min) |',
    );
    print('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const format of FORMATS) {
      const row = await exportThrough(format, databaseUrl, token);
      print(
        `| ${format.toUpperCase()} | ${COUNT} | ${row.seconds.toFixed(1)} s | ${row.cpuSeconds.toFixed(1)} s | ${row.extraMb.toFixed(1)} MB | ${row.jobExtraMb?.toFixed(1) ?? '?'} MB | ${mb(row.bytes)} | ${row.images} | ${load()} |`,
      );
      // The export fetches images within a 30 s budget: on a loaded machine the last ones are left out, and the
      // run weighs less than one with all of them.
      if (row.images < COUNT) partial.push(`${format.toUpperCase()} holds ${row.images} of the ${COUNT} images`);
      if (row.seconds >= LIMITS.seconds)
        over.push(`${format.toUpperCase()} took ${row.seconds.toFixed(1)} s (target: under ${LIMITS.seconds} s)`);
      if (row.extraMb >= LIMITS.extraMb)
        over.push(`${format.toUpperCase()} took ${row.extraMb.toFixed(0)} MB extra (target: under ${LIMITS.extraMb} MB)`);
    }
  } finally {
    images.close();
    await server.close();
  }
  print();
  for (const line of partial) print(`NOT COMPARABLE: ${line} (its image budget ran out), so it took less memory than a whole one`);
  if (over.length > 0) {
    for (const line of over) print(`OVER TARGET: ${line}`);
    process.exitCode = 1;
  } else print(`Within the targets: each export under ${LIMITS.seconds} s and ${LIMITS.extraMb} MB extra.`);
}

await main();
