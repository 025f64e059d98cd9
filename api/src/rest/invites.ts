import type { FastifyInstance } from 'fastify';
import { createInviteCode, deleteInviteCode, listInviteCodes } from '../domain/accounts/invites.ts';
import { noContent, requireViewer } from './handler.ts';
import { inviteJson, rateLimitJson } from './serialize.ts';

/** The viewer's invite codes with their weekly allowance: list, create and delete. */
export async function inviteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/invites', async (request) => {
    const { inviteCodes, rateLimitInfo } = await listInviteCodes(request.context.services, requireViewer(request));
    return { inviteCodes: inviteCodes.map(inviteJson), rateLimitInfo: rateLimitJson(rateLimitInfo) };
  });

  app.post('/invites', async (request, reply) => {
    const inviteCode = await createInviteCode(request.context.services, requireViewer(request));
    return reply.code(201).send({ inviteCode: inviteJson(inviteCode) });
  });

  app.delete<{ Params: { id: string } }>('/invites/:id', async (request, reply) => {
    await deleteInviteCode(request.context.services, requireViewer(request), request.params.id);
    return noContent(reply);
  });
}
