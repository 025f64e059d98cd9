import { postgresCpuBetween, postgresCpuMs } from '../benchShared/postgresCpu.ts';

/**
 * PostgreSQL's CPU over a long run, read often enough that connections which close meanwhile are still counted: the
 * pools close a connection after 10 s idle, so reading more often than that loses only what a connection does while
 * it closes. `sample()` reads; `take()` answers the milliseconds since the previous take (null when PostgreSQL runs
 * elsewhere).
 */
export function postgresCpuMeter(db: Parameters<typeof postgresCpuMs>[0]) {
  let last: Map<number, number> | null = null;
  let used: number | null = 0;
  return {
    async sample() {
      const now = await postgresCpuMs(db);
      if (last) {
        const since = postgresCpuBetween(last, now);
        used = used === null || since === null ? null : used + since;
      }
      last = now;
    },
    take(): number | null {
      const taken = used;
      used = last ? 0 : null;
      return taken;
    },
  };
}
