import type { Services } from '../core/services.ts';
import { scheduledWeek } from './week.ts';

/** The job key of one user's digest of one week: a second fan-out of the week (a backfill, a second worker) replaces, never adds. */
export function digestJobKey(userId: string, week: string): string {
  return `digest:${userId}:${week}`;
}

const FAN_OUT_BATCH = 500;

/**
 * The weekly fan-out: when `at` is Sunday 06:00 in the instance's time zone, one `generate_digest` job per user whose
 * digest is enabled, for the 7 days before `at`. Answers the week and how many jobs were queued (none at other hours).
 */
export async function scheduleWeeklyDigests(services: Services, at: Date): Promise<{ week: string | null; queued: number }> {
  const week = scheduledWeek(at, services.config.timeZone);
  if (!week) return { week, queued: 0 };
  let queued = 0;
  // Keyset batches by id: a large instance is queued in a few short transactions, not one long one.
  for (let after: string | undefined; ;) {
    const users = await services.db.user.findMany({
      where: { digestEnabled: true, ...(after ? { id: { gt: after } } : {}) },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: FAN_OUT_BATCH,
    });
    if (users.length === 0) break;
    await services.db.$transaction(async (tx) => {
      for (const { id } of users) {
        await services.jobs.add(tx, 'generate_digest', { userId: id, week, end: at.toISOString() }, { jobKey: digestJobKey(id, week) });
      }
    });
    queued += users.length;
    after = users.at(-1)!.id;
  }
  return { week, queued };
}
