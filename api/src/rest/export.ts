import type { FastifyInstance, FastifyReply } from 'fastify';
import { readExportFile, startExport, waitForExport } from '../domain/export/exports.ts';
import { exportFormat } from '../domain/export/input.ts';
import { requireViewer } from './handler.ts';

/** How long POST /api/export/{format} waits for its job before giving up (the job itself goes on). */
const EXPORT_WAIT_MS = 5 * 60 * 1000;

type FormatParams = { Params: { format: string } };
type IdParams = { Params: { id: string } };

/**
 * Exports: POST /api/export/pdf|epub runs an export job, waits for it and answers the file;
 * GET /api/export/{id}/file downloads the file of an export started through GraphQL (its downloadUrl).
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  app.post<FormatParams>('/export/:format', async (request, reply) => {
    const viewer = requireViewer(request);
    const format = exportFormat.safeParse(request.params.format);
    if (!format.success) return reply.code(404).send({ error: 'Not found' });
    const body = request.body;
    const input = body && typeof body === 'object' && !Array.isArray(body) ? { ...body, format: format.data } : body;
    const { services } = request.context;
    const started = await startExport(services, viewer, input);
    const finished = await waitForExport(services, viewer, started.id, EXPORT_WAIT_MS);
    if (finished.status === 'failed') return reply.code(500).send({ error: finished.error });
    if (finished.status !== 'done')
      return reply.code(503).send({ error: 'The export is taking longer than expected. Please try again later.' });
    return sendFile(reply, await readExportFile(services, viewer, started.id));
  });

  app.get<IdParams>('/export/:id/file', async (request, reply) =>
    sendFile(reply, await readExportFile(request.context.services, requireViewer(request), request.params.id)),
  );
}

function sendFile(reply: FastifyReply, file: { fileName: string; contentType: string; data: Buffer }): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
