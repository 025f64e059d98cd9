import { builder } from '../builder.ts';
import { nodeIdFilter } from '../nodeFilters.ts';
import { accountEmailFor } from '../../domain/accounts/accounts.ts';
import { DISPLAY_NAME_MAX } from '@tidings/shared/limits';

export const RoleEnum = builder.enumType('Role', {
  description: 'What a user may do: administrators also manage the instance and have unlimited invites.',
  values: {
    user: { value: 'user', description: 'An ordinary reader.' },
    admin: {
      value: 'admin',
      description: 'An administrator: the admin panel, the instance’s settings and unlimited invites (signed in with a session).',
    },
  } as const,
});

export const UserNode = builder.prismaNode('User', {
  description: 'A person with an account on this instance.',
  id: { field: 'id' },
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context) }),
  // An id that names nothing (or nothing visible) is a null node, as Relay expects, not an error.
  nullable: true,
  fields: (t) => ({
    username: t.exposeString('username', { description: 'Letters, digits, hyphens and underscores; unique regardless of case.' }),
    displayName: t.exposeString('displayName', { nullable: true, description: `Optional, at most ${DISPLAY_NAME_MAX} characters.` }),
    name: t.string({
      description: 'What to call the user: the display name, else the username.',
      select: { displayName: true, username: true },
      resolve: (user) => user.displayName ?? user.username,
    }),
    avatarUrl: t.exposeString('avatarUrl', {
      nullable: true,
      description: 'The address of their picture; null when they have none (draw initials).',
    }),
    role: t.expose('role', { type: RoleEnum, description: 'Whether they administer the instance.' }),
    isAdmin: t.boolean({ description: 'True when `role` is `admin`.', select: { role: true }, resolve: (user) => user.role === 'admin' }),
    email: t.string({
      nullable: true,
      description:
        'The e-mail address; only visible to the user themself, signed in with a session (null for anyone else and for API tokens).',
      select: { id: true, email: true },
      resolve: (user, _args, context) => accountEmailFor(context.viewer, user),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When they registered.' }),
  }),
});

builder.queryField('viewer', (t) =>
  t.prismaField({
    type: 'User',
    nullable: true,
    description: 'The signed-in user, or null when signed out.',
    resolve: (query, _root, _args, context) =>
      context.viewer ? context.services.db.user.findUnique({ ...query, where: { id: context.viewer.id } }) : null,
  }),
);
