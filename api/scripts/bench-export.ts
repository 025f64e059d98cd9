// Export benchmark (issue 19): 300 liked articles of ~1,200 words, each with a 1600×1000 JPEG served by a local
// image server, exported as a PDF and as an EPUB through the real job body (runExport: gather, topics, guarded image
// fetch and resize, render, store). Prints wall time, CPU time (all the process's threads: on a loaded machine the
// wall time grows with the load, the CPU time much less), peak extra memory (RSS over the process's RSS just before
// the export, sampled every 20 ms), the file size and the machine's load. Figures: docs/benchmarks.md
// Run: npm run bench:export. Uses the database tidings_bench_export on DATABASE_URL's server when set, else an
// embedded PostgreSQL in ./data/bench-reading. BENCH_EXPORT_ARTICLES (300) changes the count, BENCH_EXPORT_FORMATS
// (pdf,epub) the formats.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import sharp from 'sharp';
import { loadConfig } from '../src/config.ts';
import { createDatabaseIfMissing } from '../src/db/database.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { runExport } from '../src/domain/export/exports.ts';
import { createLogger } from '../src/logger.ts';
import { closeServices, createServices } from '../src/services.ts';
import { openBenchServer } from './benchReading/database.ts';

const COUNT = Number(process.env.BENCH_EXPORT_ARTICLES ?? 300);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'pdf,epub').split(',') as ('pdf' | 'epub')[];
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
    `<ul><li>${words[1]} first</li><li>${words[2]} second</li><li>${words[3]} third</li></ul>`,
    `<blockquote><p>${words[0]} and ${words[1]} matter, a reader says.</p></blockquote>`,
    paragraph(index + 3),
    `<h3>Details</h3>`,
    paragraph(index + 4),
    `<pre><code>const ${words[0]} = ${index};\nconsole.log(${words[0]});</code></pre>`,
    ...Array.from({ length: 7 }, (_, i) => paragraph(index + 5 + i)),
  ].join('\n');
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
  const config = loadConfig({
    PUBLIC_URL: 'http://bench.test',
    LOG_LEVEL: 'warn',
    WORKER: 'off',
    FEED_ALLOW_PRIVATE_HOSTS: 'true',
    DATABASE_URL: databaseUrl,
  });
  const services = createServices(config, databaseUrl, log);

  // A noisy photo-like JPEG (~0.5 MB), served under a distinct address per article so each one is fetched and resized.
  const noise = Buffer.alloc(1600 * 1000 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width: 1600, height: 1000, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();
  const images = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo));
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  const imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;

  try {
    print(`Tidings export benchmark on ${server.where}, database ${NAME}`);
    print(
      `machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; load average ${load()}`,
    );
    const user = await services.db.user.create({ data: { username: 'bench_reader', email: 'bench@example.com', passwordHash: 'x' } });
    const feed = await services.db.feed.create({ data: { url: 'https://bench.example.org/feed.xml', title: 'Bench Feed' } });
    const now = Date.now();
    await services.db.article.createMany({
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
    const articles = await services.db.article.findMany({ where: { feedId: feed.id }, select: { id: true, publishedAt: true } });
    await services.db.likedArticle.createMany({
      data: articles.map((article, i) => ({
        userId: user.id,
        articleId: article.id,
        publishedAt: article.publishedAt,
        createdAt: new Date(now - i * 1000),
      })),
    });
    print(`seeded ${COUNT} liked articles, one ${mb(photo.length)} JPEG each (1600×1000)`);
    print();
    print('| format | articles | wall time | CPU time | peak extra RSS | peak heap | file size | load average (1/5/15 min) |');
    print('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const format of FORMATS) {
      global.gc?.();
      const row = await services.db.readingExport.create({
        data: {
          userId: user.id,
          format,
          options: { days: 7, includeLiked: true, includeShared: false, includeDigest: false, digestId: null },
          expiresAt: new Date(now + 3_600_000),
        },
      });
      const baseline = process.memoryUsage().rss;
      let peakRss = baseline;
      let peakHeap = 0;
      const sampler = setInterval(() => {
        const usage = process.memoryUsage();
        peakRss = Math.max(peakRss, usage.rss);
        peakHeap = Math.max(peakHeap, usage.heapUsed);
      }, 20);
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      await runExport(services, row.id);
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      clearInterval(sampler);
      const done = await services.db.readingExport.findUniqueOrThrow({
        where: { id: row.id },
        select: { status: true, file: true, articleCount: true },
      });
      if (done.status !== 'done') throw new Error(`the ${format} export ${done.status}`);
      print(
        `| ${format.toUpperCase()} | ${done.articleCount} | ${seconds.toFixed(1)} s | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s | ${mb(peakRss - baseline)} | ${mb(peakHeap)} | ${mb(done.file!.length)} | ${load()} |`,
      );
    }
  } finally {
    images.close();
    await closeServices(services);
    await server.close();
  }
}

await main();
