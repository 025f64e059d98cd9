import { requestPasswordReset } from '../../domain/accounts/passwordReset.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { MessagePayload } from '../types/AuthPayload.ts';

const RequestPasswordResetInput = builder.inputType('RequestPasswordResetInput', {
  description: 'Whose password to reset.',
  fields: (t) => ({ email: t.string({ required: true, description: 'The account’s e-mail address.' }) }),
});

builder.mutationField('requestPasswordReset', (t) =>
  t.field({
    type: MessagePayload,
    description: 'Sends a reset link to the account with this e-mail, if there is one; answers the same either way.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: RequestPasswordResetInput, required: true, description: 'The e-mail address.' }) },
    resolve: async (_root, { input }, context) => ({ message: await requestPasswordReset(context.services, input, context.clientAddress) }),
  }),
);
