import { startExport, type ExportInfo } from '../../domain/export/exports.ts';
import { EXPORT_DAYS } from '@tidings/shared/limits';
import { builder } from '../builder.ts';
import { globalIdOf } from '../globalIdArguments.ts';
import { domainErrors } from '../errors.ts';
import { idOfType } from '../lookupId.ts';
import { ExportFormatEnum, ReadingExportRef } from '../types/ReadingExport.ts';

const StartExportInput = builder.inputType('StartExportInput', {
  description: 'What goes into an export, and as which file.',
  fields: (t) => ({
    format: t.field({ type: ExportFormatEnum, required: true, description: 'PDF or EPUB.' }),
    days: t.int({ description: `One of ${EXPORT_DAYS.join(', ')}; default ${EXPORT_DAYS[0]}. Counted by when liked or shared.` }),
    includeLiked: t.boolean({ description: 'Put in the articles the viewer liked in those days.' }),
    includeShared: t.boolean({ description: 'Put in the articles the viewer shared in those days.' }),
    includeDigest: t.boolean({ description: 'Put the digest `digestId` names at the start.' }),
    digestId: t.id({
      description: 'The global id of one of the viewer’s digests, put at the start of the book; required when includeDigest is true.',
      extensions: globalIdOf('Digest'),
    }),
  }),
});

const StartExportPayload = builder.objectRef<{ export: ExportInfo }>('StartExportPayload').implement({
  description: 'The export just started.',
  fields: (t) => ({
    export: t.field({
      type: ReadingExportRef,
      description: 'The export, queued: poll `readingExport(id:)` with its id.',
      resolve: (payload) => payload.export,
    }),
  }),
});

builder.mutationField('startExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: StartExportPayload,
    description:
      "Starts a PDF or EPUB export (a job); poll readingExport for progress and the download link. A ConflictError while one of the viewer's exports has not ended, a RateLimitedError beyond EXPORTS_PER_DAY in 24 hours.",
    errors: { types: domainErrors },
    args: { input: t.arg({ type: StartExportInput, required: true, description: 'The format, the days and what to include.' }) },
    resolve: async (_root, { input }, context) => {
      // The digest is named by its global id, whose type `globalIdOf` has checked; the domain finds it or not.
      const digestId = input.digestId ? idOfType(String(input.digestId), 'Digest') : input.digestId;
      return { export: await startExport(context.services, context.viewer, { ...input, digestId }) };
    },
  }),
);
