import type { Task } from 'graphile-worker';
import { z } from 'zod';
import { runExport } from '../../domain/export/exports.ts';
import type { Services } from '../../domain/services.ts';

const payload = z.object({ exportId: z.string() });

/** Makes one PDF or EPUB export (startExport enqueues it in the 'exports' queue, so exports run one at a time). */
export function generateExportTask(services: Services): Task {
  return async (raw) => {
    const { exportId } = payload.parse(raw);
    await runExport(services, exportId);
  };
}
