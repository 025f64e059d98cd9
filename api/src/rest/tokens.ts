import type { FastifyInstance } from 'fastify';
import { createApiToken, listApiTokens, revokeApiToken } from '../domain/accounts/apiTokens.ts';
import { noContent, requireViewer } from './handler.ts';

type IdParams = { Params: { id: string } };

/** Personal API tokens (an addition to the spec, which hands out the session token instead). */
export async function tokenRoutes(app: FastifyInstance): Promise<void> {
  app.post('/tokens', async (request, reply) =>
    reply.code(201).send(await createApiToken(request.context.services, requireViewer(request), request.body)),
  );

  app.get('/tokens', async (request) => ({ tokens: await listApiTokens(request.context.services, requireViewer(request)) }));

  app.delete<IdParams>('/tokens/:id', async (request, reply) => {
    await revokeApiToken(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });
}
