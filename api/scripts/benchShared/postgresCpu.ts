import { readFileSync } from 'node:fs';

type Queryable = { $queryRaw: <T>(query: TemplateStringsArray, ...values: unknown[]) => Promise<T> };

/**
 * CPU milliseconds used so far by each server process connected to the client's database, read from /proc; null
 * when PostgreSQL runs elsewhere. A connection that closes between two readings takes its share with it, so the
 * pools measured should stay open.
 */
export async function postgresCpuMs(db: Queryable): Promise<Map<number, number> | null> {
  const backends = await db.$queryRaw<{ pid: number }[]>`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`;
  try {
    // utime and stime, in clock ticks (100 per second on Linux), are fields 14 and 15 of /proc/<pid>/stat.
    return new Map(
      backends.map(({ pid }) => {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        return [pid, (Number(fields[11]) + Number(fields[12])) * 10];
      }),
    );
  } catch {
    return null;
  }
}

/** The CPU milliseconds PostgreSQL's processes used between two readings of postgresCpuMs; null if either is. */
export function postgresCpuBetween(before: Map<number, number> | null, after: Map<number, number> | null): number | null {
  if (!before || !after) return null;
  return [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
}
