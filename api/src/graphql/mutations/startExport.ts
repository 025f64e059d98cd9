import { startExport, type ExportInfo } from '../../domain/export/exports.ts';
import { EXPORT_DAYS } from '@tidings/shared/limits';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { idOfType } from '../lookupId.ts';
import { ExportFormatEnum, ReadingExportRef } from '../types/ReadingExport.ts';

const StartExportInput = builder.inputType('StartExportInput', {
  fields: (t) => ({
    format: t.field({ type: ExportFormatEnum, required: true }),
    days: t.int({ description: `One of ${EXPORT_DAYS.join(', ')}; default ${EXPORT_DAYS[0]}. Counted by when liked or shared.` }),
    includeLiked: t.boolean(),
    includeShared: t.boolean(),
    includeDigest: t.boolean(),
    digestId: t.id({ description: 'Required when includeDigest is true.' }),
  }),
});

const StartExportPayload = builder.objectRef<{ export: ExportInfo }>('StartExportPayload').implement({
  fields: (t) => ({ export: t.field({ type: ReadingExportRef, resolve: (payload) => payload.export }) }),
});

builder.mutationField('startExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: StartExportPayload,
    description:
      "Starts a PDF or EPUB export (a job); poll readingExport for progress and the download link. A ConflictError while one of the viewer's exports has not ended, a RateLimitedError beyond EXPORTS_PER_DAY in 24 hours.",
    errors: { types: domainErrors },
    args: { input: t.arg({ type: StartExportInput, required: true }) },
    resolve: async (_root, { input }, context) => {
      // The digest is named by its GraphQL id; one of another type, or none, is unknown ('Digest not found').
      const digestId = input.digestId ? (idOfType(String(input.digestId), 'Digest') ?? 'unknown') : input.digestId;
      return { export: await startExport(context.services, context.viewer, { ...input, digestId }) };
    },
  }),
);
