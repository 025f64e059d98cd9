import { Prisma } from '../../generated/prisma/client.ts';
import type { Services } from '../core/services.ts';
import { retentionSettings } from '../instance/instanceConfig.ts';

/** Old articles one batch reads, deleting those nobody kept, each batch its own short transaction: no lock is held long. */
export const RETENTION_BATCH = 1000;

/** What a retention pass did: articles deleted, in how many batches, and the bytes their rows held. */
export type RetentionOutcome = { deleted: number; batches: number; freedBytes: number; cutoff: Date | null; keepPerFeed: number };

/** One batch: the articles it deleted, the bytes their rows held, and the publication date of the last article it read. */
export type RetentionBatch = { deleted: number; freedBytes: number; reachedAt: Date };

/** `signal`: stops between batches once aborted; `onStart`: told the cutoff and keepPerFeed; `onBatch`: after each batch. */
export type RetentionHooks = {
  signal?: AbortSignal;
  onStart?: (settings: Pick<RetentionOutcome, 'cutoff' | 'keepPerFeed'>) => Promise<unknown>;
  onBatch?: (batch: RetentionBatch) => Promise<unknown>;
};

/**
 * Deletes the articles older than the retention days (`retentionSettings`) that nobody starred, liked, shared,
 * commented on or highlighted, beyond the newest `keepPerFeed` of their feed. The pass walks the old articles once,
 * oldest first, RETENTION_BATCH at a time: each batch is one statement that deletes those of its window nobody kept
 * (their reading-list rows, read marks, full texts and story keys go with them by their foreign keys, and the unread
 * counts' triggers follow) and answers where the window ended, so a kept article is read once a pass rather than by
 * every batch after it. Stops between batches when `signal` is aborted. With 0 days, keeps all.
 */
export async function runRetention(
  services: Pick<Services, 'db' | 'config' | 'log'>,
  { signal, onStart, onBatch }: RetentionHooks = {},
): Promise<RetentionOutcome> {
  const { days, keepPerFeed } = await retentionSettings(services);
  const cutoff = days === 0 ? null : new Date(Date.now() - days * 86_400_000);
  const outcome: RetentionOutcome = { deleted: 0, batches: 0, freedBytes: 0, cutoff, keepPerFeed };
  await onStart?.({ cutoff, keepPerFeed });
  if (cutoff === null) return outcome;
  let after: WindowEnd | null = null;
  while (!signal?.aborted) {
    const rows: BatchRow[] = await services.db.$queryRaw<BatchRow[]>`
      WITH examined AS (
        SELECT a.id, a."publishedAt" FROM "Article" a
        WHERE a."publishedAt" < ${cutoff} ${after ? Prisma.sql`AND (a."publishedAt", a.id) > (${after.publishedAt}::timestamptz, ${after.id}::uuid)` : Prisma.empty}
        ORDER BY a."publishedAt", a.id
        LIMIT ${RETENTION_BATCH}
      ), doomed AS (
        SELECT a.id FROM "Article" a JOIN examined e ON e.id = a.id
        WHERE NOT EXISTS (SELECT 1 FROM "StarredArticle" x WHERE x."articleId" = a.id)
          AND NOT EXISTS (SELECT 1 FROM "LikedArticle" x WHERE x."articleId" = a.id)
          AND NOT EXISTS (SELECT 1 FROM "Share" x WHERE x."articleId" = a.id)
          AND NOT EXISTS (SELECT 1 FROM "Comment" x WHERE x."articleId" = a.id)
          AND NOT EXISTS (SELECT 1 FROM "Highlight" x WHERE x."articleId" = a.id)
          ${beyondNewest(keepPerFeed)}
        FOR UPDATE OF a SKIP LOCKED
      ), gone AS (
        DELETE FROM "Article" a USING doomed WHERE a.id = doomed.id RETURNING pg_column_size(a.*) AS bytes
      )
      SELECT (SELECT count(*)::int FROM gone) AS deleted, (SELECT sum(bytes) FROM gone) AS bytes, last."publishedAt", last.id
      FROM (SELECT "publishedAt", id FROM examined ORDER BY "publishedAt" DESC, id DESC LIMIT 1) last`;
    const batch = rows[0];
    if (!batch) break;
    after = batch;
    const freedBytes = Number(batch.bytes ?? 0);
    outcome.deleted += batch.deleted;
    outcome.batches += 1;
    outcome.freedBytes += freedBytes;
    await onBatch?.({ deleted: batch.deleted, freedBytes, reachedAt: batch.publishedAt });
  }
  services.log.info({ ...outcome }, 'retention pass done');
  return outcome;
}

/** The last article a batch read: the next batch starts after it. */
type WindowEnd = { publishedAt: Date; id: string };

/** A batch's answer: what it deleted and the bytes their rows held, and where its window ended. */
type BatchRow = WindowEnd & { deleted: number; bytes: bigint | null };

/** Older than the feed's `keep`-th newest article (by its index on feedId, publishedAt, id); with 0, any article. */
function beyondNewest(keep: number): Prisma.Sql {
  if (keep === 0) return Prisma.empty;
  return Prisma.sql`AND (a."publishedAt", a.id) < (
    SELECT n."publishedAt", n.id FROM "Article" n WHERE n."feedId" = a."feedId"
    ORDER BY n."publishedAt" DESC, n.id DESC OFFSET ${keep - 1} LIMIT 1)`;
}
