import { updateDigestPreferences } from '../../domain/digests/digestPreferences.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { DigestTypeEnum } from '../types/DigestPreferences.ts';

const UpdateDigestPreferencesInput = builder.inputType('UpdateDigestPreferencesInput', {
  description: 'The preferences to change; those left out stay as they are.',
  fields: (t) => ({
    enabled: t.boolean({ description: 'Whether the viewer gets a weekly digest.' }),
    digestType: t.field({ type: DigestTypeEnum, description: 'Which digest: personal or instance.' }),
    emailDigests: t.boolean({ description: 'Whether it is also sent by e-mail (when the instance sends e-mail).' }),
  }),
});

builder.mutationField('updateDigestPreferences', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'User',
    description: "Changes the viewer's digest preferences; answers the viewer, whose digestPreferences carry them. Not with an API token.",
    errors: { types: domainErrors },
    args: { input: t.arg({ type: UpdateDigestPreferencesInput, required: true, description: 'The preferences to change.' }) },
    resolve: async (query, _root, { input }, context) => {
      // GraphQL's null for a field left out means "unchanged", as an absent key does in REST.
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
      await updateDigestPreferences(context.services, context.viewer, given);
      return context.services.db.user.findUniqueOrThrow({ ...query, where: { id: context.viewer.id } });
    },
  }),
);
