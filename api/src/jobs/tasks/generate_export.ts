import { z } from 'zod';
import { failExport, runExport } from '../../domain/export/exports.ts';
import type { Services } from '../../domain/core/services.ts';
import type { JobWork, RecordFailure } from '../budget.ts';

const payload = z.object({ exportId: z.string() });

/**
 * Makes one PDF or EPUB export (startExport enqueues it in the 'exports' queue, so exports run one at a time); once
 * its budget runs out it stops at its next stage.
 */
export function generateExportTask(services: Services): JobWork {
  return async (raw, _helpers, signal) => {
    const { exportId } = payload.parse(raw);
    await runExport(services, exportId, signal);
  };
}

/** Marks the export failed with the reason it stopped, where its owner follows its progress. */
export function recordExportFailure(services: Services): RecordFailure {
  return async (raw, reason) => {
    const parsed = payload.safeParse(raw);
    if (parsed.success) await failExport(services, parsed.data.exportId, reason);
  };
}
