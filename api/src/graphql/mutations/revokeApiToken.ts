import { encodeGlobalID } from '@pothos/plugin-relay';
import { revokeApiToken } from '../../domain/accounts/apiTokens.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ApiTokenNode } from '../types/ApiToken.ts';

const RevokeApiTokenPayload = builder.objectRef<{ revokedApiTokenId: string }>('RevokeApiTokenPayload').implement({
  description: 'The revoked token’s id, to take it out of the list.',
  fields: (t) => ({ revokedApiTokenId: t.exposeID('revokedApiTokenId', { description: 'Global id of the revoked token.' }) }),
});

builder.mutationField('revokeApiToken', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: RevokeApiTokenPayload,
    description: 'Revokes one of the viewer’s API tokens; it stops working at once. Not with an API token.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: ApiTokenNode }) },
    resolve: async (_root, { id }, context) => {
      const revoked = await revokeApiToken(context.services, context.viewer, id.id);
      return { revokedApiTokenId: encodeGlobalID('ApiToken', revoked.id) };
    },
  }),
);
