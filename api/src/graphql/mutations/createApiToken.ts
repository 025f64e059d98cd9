import { API_TOKEN_MAX_DAYS, createApiToken } from '../../domain/accounts/apiTokens.ts';
import { API_TOKEN_NAME_MAX } from '@tidings/shared/limits';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ApiTokenNode, ApiTokenScopeEnum } from '../types/ApiToken.ts';

const CreateApiTokenInput = builder.inputType('CreateApiTokenInput', {
  description: 'A new API token: its name, what it may do and how long it lasts.',
  fields: (t) => ({
    name: t.string({ required: true, description: `At most ${API_TOKEN_NAME_MAX} characters.` }),
    scope: t.field({ type: ApiTokenScopeEnum, description: 'What it may do; full when not given.' }),
    expiresInDays: t.int({ description: `Days until it stops working (1–${API_TOKEN_MAX_DAYS}); never when not given.` }),
  }),
});

const CreateApiTokenPayload = builder.objectRef<{ token: string; apiToken: { id: string } }>('CreateApiTokenPayload').implement({
  description: 'The new token: its secret, shown only here, and its record.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'The secret: shown only in this answer, stored only as a hash.' }),
    apiToken: t.prismaField({
      type: ApiTokenNode,
      description: 'The token’s record, as `apiTokens` lists it (without the secret).',
      resolve: (query, payload, _args, context) =>
        context.services.db.apiToken.findUniqueOrThrow({ ...query, where: { id: payload.apiToken.id } }),
    }),
  }),
});

builder.mutationField('createApiToken', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CreateApiTokenPayload,
    description: 'Creates a personal API token for reader apps, the browser extension or the bookmarklet. Not with an API token.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: CreateApiTokenInput, required: true, description: 'Its name, scope and lifetime.' }) },
    resolve: (_root, { input }, context) => createApiToken(context.services, context.viewer, input),
  }),
);
