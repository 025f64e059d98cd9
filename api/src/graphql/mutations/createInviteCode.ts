import { createInviteCode, inviteRateLimit, type InviteRateLimit } from '../../domain/accounts/invites.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { InviteCodeNode, InviteRateLimitRef } from '../types/InviteCode.ts';

type InviteCodeShape = Awaited<ReturnType<typeof createInviteCode>>;

const CreateInviteCodePayload = builder
  .objectRef<{ inviteCode: InviteCodeShape; inviteRateLimit: InviteRateLimit }>('CreateInviteCodePayload')
  .implement({
    description: 'The new invite code and what remains of the viewer’s allowance.',
    fields: (t) => ({
      inviteCode: t.expose('inviteCode', { type: InviteCodeNode, description: 'The new code, unused.' }),
      inviteRateLimit: t.expose('inviteRateLimit', { type: InviteRateLimitRef, description: 'The allowance after this invite.' }),
    }),
  });

builder.mutationField('createInviteCode', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CreateInviteCodePayload,
    description: 'Creates a single-use invite code within the weekly allowance.',
    errors: { types: domainErrors },
    resolve: async (_root, _args, context) => {
      const inviteCode = await createInviteCode(context.services, context.viewer);
      return { inviteCode, inviteRateLimit: await inviteRateLimit(context.services, context.viewer) };
    },
  }),
);
