import { getDigestPreferences, type DigestPreferences } from '../../domain/digests/digestPreferences.ts';
import { builder } from '../builder.ts';
import { UserNode } from './User.ts';

export const DigestTypeEnum = builder.enumType('DigestType', {
  description: 'Which weekly digest: of the viewer’s own reading, or of the whole instance.',
  values: {
    personal: { value: 'personal', description: 'The viewer’s own week: what they read, liked, shared and starred.' },
    instance: { value: 'instance', description: 'The whole instance’s week: what everyone read and shared most.' },
  } as const,
});

export const DigestPreferencesRef = builder.objectRef<DigestPreferences>('DigestPreferences').implement({
  description: 'Whether and how the viewer gets the weekly digest.',
  fields: (t) => ({
    enabled: t.exposeBoolean('enabled', {
      description: 'Whether a digest is made for the viewer every Sunday at 06:00 (the instance’s TZ).',
    }),
    digestType: t.expose('digestType', { type: DigestTypeEnum, description: 'Which digest they get.' }),
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
