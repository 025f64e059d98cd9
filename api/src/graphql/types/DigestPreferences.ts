import { getDigestPreferences, type DigestPreferences } from '../../domain/digests/digestPreferences.ts';
import { builder } from '../builder.ts';
import { UserNode } from './User.ts';

export const DigestTypeEnum = builder.enumType('DigestType', {
  description: 'Which weekly digest: of the viewer’s own reading, or of the whole instance.',
  values: { personal: { value: 'personal' }, instance: { value: 'instance' } } as const,
});

export const DigestPreferencesRef = builder.objectRef<DigestPreferences>('DigestPreferences').implement({
  description: 'Whether and how the viewer gets the weekly digest.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled'),
    digestType: t.expose('digestType', { type: DigestTypeEnum }),
    emailDigests: t.exposeBoolean('emailDigests', { description: 'Also sent by e-mail (when the instance sends e-mail).' }),
  }),
});

builder.objectField(UserNode, 'digestPreferences', (t) =>
  t.field({
    type: DigestPreferencesRef,
    nullable: true,
    description: 'The user’s digest preferences: only for the user themself (null for anyone else).',
    resolve: (user, _args, context) => (context.viewer?.id === user.id ? getDigestPreferences(context.services, context.viewer) : null),
  }),
);
