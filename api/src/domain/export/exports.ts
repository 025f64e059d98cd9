import { z } from 'zod';
import type { ExportStatus, Prisma } from '../../generated/prisma/client.ts';
import { poolOf } from '../../db/prisma.ts';
import { fetchPolicyFor } from '../../ingest/fetch.ts';
import { ConflictError, InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { spendAllowance } from '../core/rateLimits.ts';
import type { Services, Viewer } from '../core/services.ts';
import { composeBook } from './book.ts';
import { imageSources } from './blocks.ts';
import { findExportDigest } from './digestSource.ts';
import { gatherArticles, hasArticles } from './gather.ts';
import { fetchImages } from './images.ts';
import { EXPORT_CONTENT_TYPES, exportFileName, exportFormat, exportOptions, type ExportFormat, type ExportOptions } from './input.ts';

/** How long a finished export's file is kept for download before delete_expired_exports removes it. */
export const EXPORT_KEEP_MS = 60 * 60 * 1000;
/** Every export runs in this Graphile Worker queue, one at a time: rendering a book is heavy on memory. */
export const EXPORT_QUEUE = 'exports';
export const EXPORT_TASK = 'generate_export';
/** The states of an export that has not ended: one of these per user at a time. */
const UNFINISHED: ExportStatus[] = ['queued', 'gathering', 'categorizing', 'generating'];
/**
 * A stored file is read back this much at a time: node-postgres reads a `bytea` as hex text (its binary results
 * are decoded as UTF-8, which would change the bytes), so a slice costs several times its size while it is read.
 */
export const FILE_SLICE_BYTES = 1024 * 1024;

const startInput = exportOptions.and(z.object({ format: exportFormat }));

export const exportInfoSelect = {
  id: true,
  format: true,
  status: true,
  error: true,
  fileName: true,
  articleCount: true,
  createdAt: true,
  expiresAt: true,
} satisfies Prisma.ReadingExportSelect;

export type ExportInfo = Prisma.ReadingExportGetPayload<{ select: typeof exportInfoSelect }>;

/** The progress text the client shows for a status, or null before the job starts and after it ends. */
export function progressText(status: ExportStatus, format: ExportFormat): string | null {
  switch (status) {
    case 'gathering':
      return 'Gathering articles...';
    case 'categorizing':
      return 'Categorizing articles...';
    case 'generating':
      return `Generating ${format.toUpperCase()}...`;
    default:
      return null;
  }
}

/** The message of a failed export when there is no better one. */
export function failureText(format: ExportFormat): string {
  return `Failed to generate ${format.toUpperCase()}`;
}

/**
 * Starts a PDF or EPUB export of the viewer's liked and/or shared articles (and a digest) of the last `days` days:
 * checks the request, that there is something to export, then records the export and enqueues its job in one
 * transaction. The job does the work (runExport); the answer is the export, queued.
 * Rendering a book is the heaviest work a user can ask for, so each user has one export at a time (409 while one
 * has not ended) and EXPORTS_PER_DAY in 24 hours (429 beyond); a refused start creates nothing.
 */
export async function startExport(services: Services, viewer: Viewer, input: unknown): Promise<ExportInfo> {
  const { format, ...options } = parseInput(startInput, input);
  if (options.includeDigest && !(await findExportDigest(services, viewer.id, options.digestId!)))
    throw new NotFoundError('Digest not found');
  const now = new Date();
  if (!options.includeDigest && !(await hasArticles(services, viewer.id, options, now))) {
    throw new InvalidInputError('No articles to export in this time range');
  }
  return services.db.$transaction(async (tx) => {
    // Two starts of one user at once take turns here, so the second sees the first's export and is refused.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`exports:${viewer.id}`}, 0))`;
    if (await tx.readingExport.count({ where: { userId: viewer.id, status: { in: UNFINISHED } } })) {
      throw new ConflictError('An export is already running. Please wait until it finishes before starting another.');
    }
    // The day's count lives in rate_limits (shared by every replica); its refusal throws before anything is created.
    const perDay = services.config.exportsPerDay;
    await spendAllowance(services, `exports:${viewer.id}`, {
      points: perDay,
      windowSeconds: 24 * 60 * 60,
      refusal: `You have started ${perDay} export${perDay === 1 ? '' : 's'} in 24 hours, the most allowed.`,
    });
    const created = await tx.readingExport.create({
      data: { userId: viewer.id, format, options, expiresAt: new Date(now.getTime() + EXPORT_KEEP_MS) },
      select: exportInfoSelect,
    });
    await services.jobs.add(tx, EXPORT_TASK, { exportId: created.id }, { queueName: EXPORT_QUEUE, jobKey: `${EXPORT_TASK}:${created.id}` });
    return created;
  });
}

/** One of the viewer's exports; someone else's, or one already deleted, is 'Export not found'. */
export async function readExport(services: Services, viewer: Viewer, id: unknown): Promise<ExportInfo> {
  const parsed = uuid.safeParse(id);
  const found = parsed.success
    ? await services.db.readingExport.findFirst({ where: { id: parsed.data, userId: viewer.id }, select: exportInfoSelect })
    : null;
  if (!found) throw new NotFoundError('Export not found');
  return found;
}

/** A finished export's file; one still running or failed is 'Export not found' too (there is no file yet). */
export async function readExportFile(services: Services, viewer: Viewer, id: unknown) {
  const found = await readExport(services, viewer, id);
  const data = found.status === 'done' && found.fileName ? await readStoredFile(services, found.id, new Date()) : null;
  if (!data || !found.fileName) throw new NotFoundError('Export not found');
  return { fileName: found.fileName, contentType: EXPORT_CONTENT_TYPES[found.format], data };
}

/**
 * Records a finished export with its file, if the export has not ended meanwhile. Through node-postgres, not
 * Prisma: the Buffer goes as a binary parameter as it is, where Prisma's client carries bytes as base64 and copies
 * them several times over (a 19 MB file peaked at +172 MB).
 */
export async function storeExportFile(
  services: Services,
  exportId: string,
  done: { file: Buffer; fileName: string; articleCount: number; expiresAt: Date },
): Promise<void> {
  await poolOf(services.db).query(
    `UPDATE "ReadingExport" SET status = 'done', file = $2, "fileName" = $3, "articleCount" = $4, "expiresAt" = $5, "updatedAt" = $6
     WHERE id = $1 AND status = ANY($7::"ExportStatus"[])`,
    [exportId, done.file, done.fileName, done.articleCount, done.expiresAt, new Date(), UNFINISHED],
  );
}

/**
 * The file of a done export not expired at `now`, or null: read in slices into one Buffer of its size (reading it
 * whole, as Prisma does, held its hex text, that text as a string and the bytes at once, some five times the file),
 * all slices from one snapshot, so a file deleted meanwhile is not answered in part.
 */
export async function readStoredFile(services: Services, exportId: string, now: Date): Promise<Buffer | null> {
  const client = await poolOf(services.db).connect();
  let healthy = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ size: number | null }>(
      `SELECT octet_length(file) AS size FROM "ReadingExport" WHERE id = $1 AND status = 'done' AND "expiresAt" > $2`,
      [exportId, now],
    );
    const size = rows[0]?.size ?? null;
    const data = size === null ? null : Buffer.allocUnsafe(size);
    for (let offset = 0; data && offset < data.length; offset += FILE_SLICE_BYTES) {
      const { rows: slices } = await client.query<{ slice: Buffer }>(
        `SELECT substring(file FROM $2 FOR $3) AS slice FROM "ReadingExport" WHERE id = $1`,
        [exportId, offset + 1, FILE_SLICE_BYTES],
      );
      slices[0]!.slice.copy(data, offset);
    }
    await client.query('COMMIT');
    healthy = true;
    return data;
  } finally {
    // A connection left inside a failed transaction is closed rather than handed to the next caller.
    client.release(!healthy);
  }
}

/**
 * Waits (polling the row) until the export is done or failed, for REST's POST /api/export/{format}, which answers
 * the file itself. The job runs in the worker either way: a client that gives up does not stop it.
 */
export async function waitForExport(services: Services, viewer: Viewer, id: string, timeoutMs: number, pollMs = 250): Promise<ExportInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await readExport(services, viewer, id);
    if (info.status === 'done' || info.status === 'failed' || Date.now() > deadline) return info;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * The generate_export job: gathers the articles (by when liked or shared), finds their topics, fetches the images
 * and renders the file, recording each stage (the spec's progress states) on the row. The file is stored on the row
 * so any API replica can answer it. Never throws: a failure is recorded as the export's error (a retry would only
 * fail again the same way), with the renderer's reason in the log. Once `signal` aborts (the job ran out of time)
 * it stops at the next stage and writes nothing more: the worker has recorded why (failExport).
 */
export async function runExport(services: Services, exportId: string, signal?: AbortSignal): Promise<void> {
  const row = await services.db.readingExport.findUnique({
    where: { id: exportId },
    select: { status: true, format: true, options: true, userId: true, createdAt: true },
  });
  if (!row || row.status !== 'queued') return;
  const format = row.format;
  // Only while the export has not ended: one stopped meanwhile keeps its error.
  const unfinished = { id: exportId, status: { in: UNFINISHED } };
  const stage = async (status: ExportStatus) => {
    signal?.throwIfAborted();
    await services.db.readingExport.updateMany({ where: unfinished, data: { status } });
  };
  try {
    const options = row.options as unknown as ExportOptions;
    const now = row.createdAt;
    await stage('gathering');
    const articles = await gatherArticles(services, row.userId, options, now);
    const digest = options.includeDigest ? await findExportDigest(services, row.userId, options.digestId!) : null;
    await stage('categorizing');
    const book = composeBook(articles, digest, options, now);
    await stage('generating');
    const sources = [
      ...new Set(
        book.chapters.flatMap((chapter) => [chapter.blocks, ...chapter.articles.map((article) => article.blocks)]).flatMap(imageSources),
      ),
    ];
    const images = await fetchImages(sources, fetchPolicyFor(services.config));
    signal?.throwIfAborted();
    // The renderers' libraries (pdfkit, the EPUB writer) load on the first export, not with every process.
    const file =
      format === 'pdf'
        ? await (await import('./pdf.ts')).renderPdf(book, images)
        : await (await import('./epub.ts')).renderEpub(book, images);
    await storeExportFile(services, exportId, {
      file,
      fileName: exportFileName(format, now),
      articleCount: book.articleCount,
      expiresAt: new Date(Date.now() + EXPORT_KEEP_MS),
    });
  } catch (error) {
    if (signal?.aborted) return;
    services.log.error({ err: error, exportId }, 'export failed');
    await services.db.readingExport.updateMany({ where: unfinished, data: { status: 'failed', error: failureText(format) } });
  }
}

/**
 * Ends an export the worker stopped (`reason`: "Stopped after 10 minutes"): failed, with an error its owner sees in
 * place of the progress, so they may start another.
 */
export async function failExport(services: Services, exportId: string, reason: string): Promise<void> {
  await services.db.readingExport.updateMany({
    where: { id: exportId, status: { in: UNFINISHED } },
    data: { status: 'failed', error: `${reason}: the export did not finish. Try again with fewer days.` },
  });
}

/** Deletes exports (and their files) past their expiry; answers how many. */
export async function deleteExpiredExports(services: Services, now = new Date()): Promise<number> {
  const { count } = await services.db.readingExport.deleteMany({ where: { expiresAt: { lt: now } } });
  return count;
}
