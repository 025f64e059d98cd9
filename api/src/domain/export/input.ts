import { z } from 'zod';
import { EXPORT_DAYS } from '@tidings/shared/limits';

export const EXPORT_FORMATS = ['pdf', 'epub'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const flag = (name: string) =>
  z
    .boolean({ error: `${name} must be true or false` })
    .nullish()
    .transform((value) => value ?? false);

/**
 * What to export: `{days, includeLiked, includeShared, includeDigest, digestId}`. Missing
 * flags are off and a missing `days` is the default range, so `{includeLiked: true}` is a complete request.
 */
export const exportOptions = z
  .object({
    days: z
      .union(EXPORT_DAYS.map((days) => z.literal(days)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>], {
        error: `Days must be one of ${EXPORT_DAYS.join(', ')}`,
      })
      .nullish()
      .transform((days) => days ?? EXPORT_DAYS[0]),
    includeLiked: flag('includeLiked'),
    includeShared: flag('includeShared'),
    includeDigest: flag('includeDigest'),
    digestId: z
      .string({ error: 'digestId must be text' })
      .trim()
      .nullish()
      .transform((id) => id || null),
  })
  .superRefine((options, context) => {
    if (!options.includeLiked && !options.includeShared && !options.includeDigest) {
      context.addIssue({ code: 'custom', message: 'Please select at least one content source', path: ['includeLiked'] });
    } else if (options.includeDigest && !options.digestId) {
      context.addIssue({ code: 'custom', message: 'Please select a digest', path: ['digestId'] });
    }
  });

export type ExportOptions = z.output<typeof exportOptions>;

export const exportFormat = z.enum(EXPORT_FORMATS, { error: 'Format must be pdf or epub' });

/** The spec's file name: a reading-digest name with the date (UTC) plus the format's extension. */
export function exportFileName(format: ExportFormat, at: Date): string {
  return `reading-digest-${at.toISOString().slice(0, 10)}.${format}`;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  pdf: 'application/pdf',
  epub: 'application/epub+zip',
};
