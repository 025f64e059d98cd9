// EXPLAIN (ANALYZE, BUFFERS) of the statements the domain builds, with their parameters inlined so the output
// can be pasted into psql as it is.
import pg from 'pg';
import { type PrismaClient, SESSION_OPTIONS } from '../../src/db/prisma.ts';
import type { Services } from '../../src/domain/core/services.ts';
import { Prisma } from '../../src/generated/prisma/client.ts';
import { articleRowsSql } from '../../src/domain/articles/articleListSql.ts';
import type { ArticleQuery } from '../../src/domain/articles/articleQuery.ts';

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(', ')}]`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** The statement's text with `$n` placeholders replaced by the values, one trimmed line per source line. */
export function inline(sql: Prisma.Sql): string {
  return sql.text
    .replace(/\$(\d+)/g, (_, n: string) => literal(sql.values[Number(n) - 1]))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** The page query of a list (what listArticles wraps in its view statement). */
export function pageSql(query: ArticleQuery): Prisma.Sql {
  return articleRowsSql(query, query.first + 1);
}

/** countArticles' statement. */
export function countSql(query: ArticleQuery): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS count FROM (${articleRowsSql({ ...query, after: null }, null)}) rows`;
}

/** markAllArticlesRead's DELETE for a feed or everything. */
export function markAllSql(viewerId: string, feedId: string | null): Prisma.Sql {
  return Prisma.sql`DELETE FROM "UnreadArticle" WHERE "userId" = ${viewerId}::uuid ${feedId ? Prisma.sql`AND "feedId" = ${feedId}::uuid` : Prisma.empty}`;
}

/** Runs EXPLAIN (ANALYZE, BUFFERS) twice (the first warms the cache, as the measured runs had it) inside a rolled-back transaction. */
export async function explain(databaseUrl: string, statement: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl, options: SESSION_OPTIONS }); // the app's session settings
  await client.connect();
  try {
    let plan = '';
    for (let i = 0; i < 2; i++) {
      await client.query('BEGIN');
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
      await client.query('ROLLBACK');
      plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    }
    return plan;
  } finally {
    await client.end();
  }
}

/**
 * The statements `work` sends through `$queryRaw` of the services' clients (as Prisma.Sql, in order), for the
 * functions that build their SQL inside (the Circle view).
 */
export async function captureStatements(services: Services, work: (services: Services) => Promise<unknown>): Promise<Prisma.Sql[]> {
  const captured: Prisma.Sql[] = [];
  const capturing = (db: PrismaClient) =>
    new Proxy(db, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        if (property !== '$queryRaw') return value.bind(target);
        return (first: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => {
          captured.push(first instanceof Prisma.Sql ? first : Prisma.sql(first, ...values));
          return value.call(target, first, ...values);
        };
      },
    });
  // Every client of the services (db, genericPlanDb and their read counterparts), whichever the function reads through.
  const clients = Object.entries(services).map(([key, value]) => [key, /^db$|Db$/.test(key) ? capturing(value as PrismaClient) : value]);
  await work(Object.fromEntries(clients) as Services);
  return captured;
}
