import { resetPassword } from '../../domain/accounts/passwordReset.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { MessagePayload } from '../types/AuthPayload.ts';

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  description: 'A reset link’s token and the new password.',
  fields: (t) => ({
    token: t.string({ required: true, description: 'The token from the reset link.' }),
    newPassword: t.string({ required: true, description: 'At least 8 characters, at most 256.' }),
  }),
});

builder.mutationField('resetPassword', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Sets a new password with a reset token and signs out every session of the account.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: ResetPasswordInput, required: true, description: 'The token and the new password.' }) },
    resolve: async (_root, { input }, context) => ({ message: await resetPassword(context.services, input) }),
  }),
);
