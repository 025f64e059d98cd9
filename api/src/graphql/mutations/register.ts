import { register } from '../../domain/accounts/accounts.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { AuthPayload } from '../types/AuthPayload.ts';

const RegisterInput = builder.inputType('RegisterInput', {
  fields: (t) => ({
    username: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    displayName: t.string(),
    inviteCode: t.string({ required: true }),
  }),
});

builder.mutationField('register', (t) =>
  t.field({
    type: AuthPayload,
    description: 'Creates an account with an invite code and signs it in.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: RegisterInput, required: true }) },
    resolve: (_root, { input }, context) => register(context.services, input, context.clientAddress),
  }),
);
