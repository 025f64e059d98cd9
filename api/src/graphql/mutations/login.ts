import { login } from '../../domain/accounts/accounts.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { AuthPayload } from '../types/AuthPayload.ts';

const LoginInput = builder.inputType('LoginInput', {
  description: 'Who is signing in, and their password.',
  fields: (t) => ({
    usernameOrEmail: t.string({ required: true, description: 'Either, in any case.' }),
    password: t.string({ required: true, description: 'The account’s password (an API token is not accepted here).' }),
  }),
});

builder.mutationField('login', (t) =>
  t.field({
    type: AuthPayload,
    description: 'Signs in and opens a new session.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: LoginInput, required: true, description: 'The username or e-mail and the password.' }) },
    resolve: (_root, { input }, context) => login(context.services, input, context.clientAddress),
  }),
);
