import { NotFoundError } from '../../domain/core/errors.ts';
import { progressText, readExport, type ExportInfo } from '../../domain/export/exports.ts';
import { EXPORT_FORMATS } from '../../domain/export/input.ts';
import { builder } from '../builder.ts';

export const ExportFormatEnum = builder.enumType('ExportFormat', {
  description: 'The file an export makes.',
  values: {
    pdf: { description: 'A PDF book.' },
    epub: { description: 'An EPUB e-book, for e-readers.' },
  } satisfies Record<(typeof EXPORT_FORMATS)[number], { description: string }>,
});

const ExportStatusEnum = builder.enumType('ExportStatus', {
  description: 'queued, then the progress states gathering, categorizing, generating; then done or failed.',
  values: {
    queued: { description: 'Waiting for a worker (one export runs at a time on the instance).' },
    gathering: { description: 'Collecting the liked and shared articles.' },
    categorizing: { description: 'Sorting the articles into chapters by topic.' },
    generating: { description: 'Writing the file.' },
    done: { description: 'Ready: download it from `downloadUrl` until `expiresAt`.' },
    failed: { description: 'It did not work; `error` says so. Start another.' },
  } as const,
});

export const ReadingExportRef = builder.objectRef<ExportInfo>('ReadingExport').implement({
  description: 'A PDF or EPUB export of liked and shared articles, made by a job; its file is kept for an hour.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The export’s id, for `readingExport(id:)` (a plain id, not a global one).' }),
    format: t.field({ type: ExportFormatEnum, description: 'PDF or EPUB.', resolve: (info) => info.format }),
    status: t.field({ type: ExportStatusEnum, description: 'Where the job is.', resolve: (info) => info.status }),
    progress: t.string({
      nullable: true,
      description: "The spec's progress text while the job runs: 'Gathering articles...', 'Categorizing articles...', 'Generating PDF...'.",
      resolve: (info) => progressText(info.status, info.format),
    }),
    error: t.exposeString('error', {
      nullable: true,
      description: "Set when failed: 'Failed to generate PDF' or 'Failed to generate EPUB'.",
    }),
    fileName: t.exposeString('fileName', { nullable: true, description: 'e.g. reading-digest-2026-11-26.pdf, once done.' }),
    articleCount: t.exposeInt('articleCount', { nullable: true, description: 'Articles in the book, once gathered; null before.' }),
    downloadUrl: t.string({
      nullable: true,
      description: 'Once done: GET it with the same credentials to download the file (until the export expires).',
      resolve: (info) => (info.status === 'done' ? `/api/export/${info.id}/file` : null),
    }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When the export and its file are deleted.' }),
  }),
});

builder.queryField('readingExport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReadingExportRef,
    nullable: true,
    description: "One of the viewer's exports (poll it for progress), or null when unknown or expired.",
    args: { id: t.arg.id({ required: true, description: 'The `id` startExport answered (a plain id, not a global one).' }) },
    resolve: async (_root, { id }, context) => {
      try {
        return await readExport(context.services, context.viewer, id);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  }),
);
