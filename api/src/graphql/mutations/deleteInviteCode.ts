import { encodeGlobalID } from '@pothos/plugin-relay';
import { deleteInviteCode, inviteRateLimit, type InviteRateLimit } from '../../domain/accounts/invites.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { InviteCodeNode, InviteRateLimitRef } from '../types/InviteCode.ts';

const DeleteInviteCodePayload = builder
  .objectRef<{ deletedInviteCodeId: string; inviteRateLimit: InviteRateLimit }>('DeleteInviteCodePayload')
  .implement({
    description: 'The deleted code’s id and the viewer’s allowance after it (a deleted code is given back).',
    fields: (t) => ({
      deletedInviteCodeId: t.exposeID('deletedInviteCodeId', { description: 'Global id of the deleted code.' }),
      inviteRateLimit: t.expose('inviteRateLimit', { type: InviteRateLimitRef, description: 'The allowance after the deletion.' }),
    }),
  });

builder.mutationField('deleteInviteCode', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: DeleteInviteCodePayload,
    description: 'Deletes one of the viewer’s unused invite codes.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: InviteCodeNode }) },
    resolve: async (_root, { id }, context) => {
      await deleteInviteCode(context.services, context.viewer, id.id);
      return {
        deletedInviteCodeId: encodeGlobalID('InviteCode', id.id),
        inviteRateLimit: await inviteRateLimit(context.services, context.viewer),
      };
    },
  }),
);
