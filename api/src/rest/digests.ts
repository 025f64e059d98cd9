import type { FastifyInstance } from 'fastify';
import type { Digest } from '../generated/prisma/client.ts';
import { getDigestPreferences, updateDigestPreferences } from '../domain/digests/digestPreferences.ts';
import { deleteDigest, firstDigestStatus, generateFirstDigest, getDigest, listDigests } from '../domain/digests/digests.ts';
import { noContent, requireViewer } from './handler.ts';

/** A digest: metadata is a JSON string, as clients read it. */
export function digestJson(digest: Digest) {
  return {
    id: digest.id,
    type: digest.type,
    title: digest.title,
    summary: digest.summary,
    content: digest.content,
    metadata: JSON.stringify(digest.metadata),
    startDate: digest.startDate,
    endDate: digest.endDate,
    createdAt: digest.createdAt,
  };
}

/** Digests: preferences, the list, the first digest's status and generation, one digest to read or delete. */
export async function digestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/digests/preferences', async (request) => getDigestPreferences(request.context.services, requireViewer(request)));

  app.put('/digests/preferences', async (request) =>
    updateDigestPreferences(request.context.services, requireViewer(request), request.body),
  );

  app.get('/digests', async (request) => {
    const page = await listDigests(request.context.services, requireViewer(request), request.query);
    return { digests: page.digests.map(digestJson), total: page.total, hasMore: page.hasMore };
  });

  app.get('/digests/first-digest-status', async (request) => firstDigestStatus(request.context.services, requireViewer(request)));

  app.post('/digests/generate-first', async (request, reply) => {
    const digest = await generateFirstDigest(request.context.services, requireViewer(request));
    return reply.code(201).send({ digest: digestJson(digest) });
  });

  app.get<{ Params: { id: string } }>('/digests/:id', async (request) =>
    digestJson(await getDigest(request.context.services, requireViewer(request), request.params.id)),
  );

  app.delete<{ Params: { id: string } }>('/digests/:id', async (request, reply) => {
    await deleteDigest(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });
}
