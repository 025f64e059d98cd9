import type { Account } from '../../domain/accounts/accounts.ts';
import { builder } from '../builder.ts';

export const AuthPayload = builder.objectRef<{ user: Account; token: string }>('AuthPayload').implement({
  description: 'A new session: send the token as `Authorization: Bearer <token>` from now on.',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Opaque bearer token; shown only this once.' }),
    user: t.prismaField({
      type: 'User',
      description: 'The account signed in.',
      resolve: (query, payload, _args, context) => context.services.db.user.findUniqueOrThrow({ ...query, where: { id: payload.user.id } }),
    }),
  }),
});

export const MessagePayload = builder.objectRef<{ message: string }>('MessagePayload').implement({
  description: 'An outcome to show to the person as is.',
  fields: (t) => ({ message: t.exposeString('message', { description: 'The outcome, in a sentence for people.' }) }),
});
