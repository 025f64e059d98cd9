import { getInstanceConfig, getPublicInstance, type InstanceConfig, type PublicInstance } from '../../domain/instance/instanceConfig.ts';
import { builder } from '../builder.ts';

export const InstanceRef = builder.objectRef<PublicInstance>('Instance').implement({
  description: 'What anyone may know of this instance, signed in or not.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Shown in page titles, the public feed and e-mails.' }),
    description: t.exposeString('description', { description: 'Empty when the administrators gave none.' }),
    allowRegistration: t.exposeBoolean('allowRegistration', {
      description: 'Whether invite codes register new accounts (when false, only the first administrator’s invite does).',
    }),
    publicUrl: t.string({
      description:
        'The address the instance is served at (PUBLIC_URL, without a trailing slash): links in e-mails and feeds, and the one origin of the bookmarklet’s script, window and popup.',
      resolve: (_instance, _args, context) => context.services.config.publicUrl,
    }),
    emailEnabled: t.boolean({
      description:
        'Whether this instance sends e-mail (Postmark is configured). When false, password reset links reach no one who is signed out: an administrator makes one for them in the admin panel.',
      resolve: (_instance, _args, context) => Boolean(context.services.config.email),
    }),
  }),
});

export const InstanceConfigRef = builder.objectRef<InstanceConfig>('InstanceConfig').implement({
  description: 'The instance’s settings, as administrators see and change them.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The instance’s name: page titles, the public RSS feed and e-mails.' }),
    description: t.exposeString('description', { description: 'A short description shown to visitors; empty when none.' }),
    allowRegistration: t.exposeBoolean('allowRegistration', { description: 'Whether invite codes register new accounts.' }),
    maxUsers: t.exposeInt('maxUsers', { description: 'The most accounts the instance accepts; 0 means unlimited.' }),
    retentionDays: t.exposeInt('retentionDays', {
      description:
        'Articles older than this many days are deleted each night unless someone starred, liked, shared, commented on or highlighted them; 0 keeps every article (RETENTION_DAYS until set).',
    }),
    retentionKeepPerFeed: t.exposeInt('retentionKeepPerFeed', {
      description: 'The newest this many articles of each feed stay whatever their age (RETENTION_KEEP_PER_FEED until set).',
    }),
  }),
});

builder.queryFields((t) => ({
  instance: t.field({
    type: InstanceRef,
    description: 'This instance’s public face: its name, description and whether registration is open.',
    resolve: (_root, _args, context) => getPublicInstance(context.services),
  }),
  instanceConfig: t.field({
    type: InstanceConfigRef,
    nullable: true,
    description: 'The instance’s settings. Administrators only, signed in with a session (not an API token).',
    resolve: (_root, _args, context) => getInstanceConfig(context.services, context.viewer),
  }),
}));
