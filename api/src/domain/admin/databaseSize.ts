import { Prisma } from '../../generated/prisma/client.ts';
import { requireAdministrator } from '../access/administrators.ts';
import type { Services, Viewer } from '../core/services.ts';

/**
 * A table of the database: its rows (the planner's estimate, as of the last VACUUM or ANALYZE: null before any) and
 * bytes on disk, the rows themselves (heap, with its free-space and visibility maps), long values stored aside (TOAST,
 * with its index), its indexes and all of them together.
 */
export type TableSize = {
  name: string;
  rows: number | null;
  heapBytes: number;
  toastBytes: number;
  indexBytes: number;
  totalBytes: number;
};

/** The database's size on disk and that of each table of the app, largest first. */
export type DatabaseSize = { totalBytes: number; tables: TableSize[] };

/**
 * The size of every table of the app's schema, largest first, one statement over the catalogue (no table is read);
 * a partitioned table (UnreadArticle) is one row, its partitions summed. The benchmarks print it too
 * (api/scripts/benchReading/database.ts). Sizes are text: bigint, as the bench's plain pg client reads it.
 */
export const TABLE_SIZES_SQL = `
  SELECT r.relname AS name,
         CASE WHEN max(c.reltuples) < 0 THEN NULL ELSE sum(greatest(c.reltuples, 0))::bigint::text END AS rows,
         sum(pg_table_size(c.oid) - t.toast)::text AS heap, sum(t.toast)::text AS toast,
         sum(pg_indexes_size(c.oid))::text AS indexes, sum(pg_total_relation_size(c.oid))::text AS total
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  CROSS JOIN LATERAL (SELECT coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) AS toast) t
  JOIN pg_class r ON r.oid = coalesce(pg_partition_root(c.oid), c.oid)
  WHERE n.nspname = 'public' AND c.relkind = 'r'
  GROUP BY r.relname ORDER BY sum(pg_total_relation_size(c.oid)) DESC, r.relname`;

type TableSizeRow = { name: string; rows: string | null; heap: string; toast: string; indexes: string; total: string };

/** The database's size and its tables' (TABLE_SIZES_SQL), for the admin panel. Administrators only. */
export async function databaseSize(services: Services, viewer: Viewer | null): Promise<DatabaseSize> {
  requireAdministrator(viewer);
  const [tables, [database]] = await Promise.all([
    services.db.$queryRaw<TableSizeRow[]>(Prisma.raw(TABLE_SIZES_SQL)),
    services.db.$queryRaw<{ total: bigint }[]>`SELECT pg_database_size(current_database()) AS total`,
  ]);
  return {
    totalBytes: Number(database!.total),
    tables: tables.map(({ name, rows, heap, toast, indexes, total }) => ({
      name,
      rows: rows === null ? null : Number(rows),
      heapBytes: Number(heap),
      toastBytes: Number(toast),
      indexBytes: Number(indexes),
      totalBytes: Number(total),
    })),
  };
}
