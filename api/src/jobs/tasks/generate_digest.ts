import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { generateDigest } from '../../domain/digests/generateDigest.ts';
import type { Services } from '../../domain/core/services.ts';

const payload = z.object({ userId: z.uuid(), week: z.string().min(1), end: z.coerce.date() });

/** Makes one user's digest of one week and delivers it; a week that already has its digest is left alone. */
export function generateDigestTask(services: Services): Task {
  return async (raw) => {
    const { userId, week, end } = payload.parse(raw);
    await generateDigest(services, { userId, week, end, deliver: true });
  };
}
