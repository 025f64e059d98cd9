import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { scheduleWeeklyDigests } from '../../domain/digests/scheduleDigests.ts';
import type { Services } from '../../domain/core/services.ts';

// Graphile Worker's crontab adds when the run was due (also for a backfilled run after the worker was down).
const payload = z.object({ _cron: z.object({ ts: z.coerce.date() }) });

/** The crontab's hourly wake-up around Sunday morning: fans out the week's digests at Sunday 06:00 local time. */
export function scheduleDigestsTask(services: Services): Task {
  return async (raw, helpers) => {
    const { _cron } = payload.parse(raw);
    const { week, queued } = await scheduleWeeklyDigests(services, _cron.ts);
    if (week) helpers.logger.info(`queued ${queued} digests for the week of ${week}`);
  };
}
