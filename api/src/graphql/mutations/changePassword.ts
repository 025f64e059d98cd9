import { changePassword } from '../../domain/accounts/accounts.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

const ChangePasswordInput = builder.inputType('ChangePasswordInput', {
  description: 'The viewer’s current password, to prove it is them, and the new one.',
  fields: (t) => ({
    currentPassword: t.string({ required: true, description: 'The password they sign in with now.' }),
    newPassword: t.string({ required: true, description: 'At least 8 characters, at most 256.' }),
  }),
});

builder.mutationField('changePassword', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'User',
    description: "Changes the viewer's password and signs out their other sessions.",
    errors: { types: domainErrors },
    args: { input: t.arg({ type: ChangePasswordInput, required: true, description: 'The current and the new password.' }) },
    resolve: async (query, _root, { input }, context) => {
      const { id } = await changePassword(context.services, context.viewer, input);
      return context.services.db.user.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
