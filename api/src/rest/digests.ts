import type { FastifyInstance } from 'fastify';
import { getDigestPreferences, updateDigestPreferences } from '../domain/digestPreferences.ts';
import { requireViewer } from './handler.ts';

/** Spec part 2 §7 digests. */
export async function digestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/digests/preferences', async (request) => getDigestPreferences(request.context.services, requireViewer(request)));

  app.put('/digests/preferences', async (request) =>
    updateDigestPreferences(request.context.services, requireViewer(request), request.body),
  );
}
