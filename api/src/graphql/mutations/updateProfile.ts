import { updateProfile } from '../../domain/accounts/accounts.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

const UpdateProfileInput = builder.inputType('UpdateProfileInput', {
  description: 'What the viewer’s profile shows.',
  fields: (t) => ({ displayName: t.string({ description: 'At most 50 characters; blank or null clears it.' }) }),
});

builder.mutationField('updateProfile', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'User',
    description: "Changes the viewer's display name.",
    errors: { types: domainErrors },
    args: { input: t.arg({ type: UpdateProfileInput, required: true, description: 'The new display name.' }) },
    resolve: async (query, _root, { input }, context) => {
      const { id } = await updateProfile(context.services, context.viewer, input);
      return context.services.db.user.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
