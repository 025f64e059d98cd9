import { register } from '../../domain/accounts/accounts.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { AuthPayload } from '../types/AuthPayload.ts';

const RegisterInput = builder.inputType('RegisterInput', {
  description: 'A new account and the invite code that admits it.',
  fields: (t) => ({
    username: t.string({ required: true, description: 'At most 30 letters, digits, hyphens and underscores; unique regardless of case.' }),
    email: t.string({ required: true, description: 'A valid address, at most 254 characters; unique. Password resets go there.' }),
    password: t.string({ required: true, description: 'At least 8 characters, at most 256.' }),
    displayName: t.string({ description: 'Optional, at most 50 characters; blank means none (the username is shown).' }),
    inviteCode: t.string({
      required: true,
      description: 'A code from an existing user (four words, e.g. AMBER-HARBOR-QUIET-FALCON); used up by this.',
    }),
  }),
});

builder.mutationField('register', (t) =>
  t.field({
    type: AuthPayload,
    description: 'Creates an account with an invite code and signs it in.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: RegisterInput, required: true, description: 'The account and the invite code.' }) },
    resolve: (_root, { input }, context) => register(context.services, input, context.clientAddress),
  }),
);
