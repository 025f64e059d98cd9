import { encodeGlobalID } from '@pothos/plugin-relay';
import { listUsersForAdmin, type AdminUser } from '../../domain/admin/users.ts';
import type { NumberedPage } from '../../domain/admin/paging.ts';
import { builder } from '../builder.ts';
import { idOfType } from '../lookupId.ts';
import { RoleEnum } from './User.ts';

/** The user id inside an admin user's (or a user's) global id; '' (found by nothing) for anything else. */
export function adminUserId(globalId: string): string {
  return idOfType(globalId, 'AdminUser') ?? idOfType(globalId, 'User') ?? '';
}

export const AdminUserRef = builder.objectRef<AdminUser>('AdminUser').implement({
  description: 'A user as the admin panel’s table shows them (administrators only), with their activity counts.',
  fields: (t) => ({
    // Its own type name, so that the row never merges with the User record of the same person in a client's cache.
    id: t.id({
      description: 'This row’s own global id (an AdminUser id); the admin mutations take it or the User id.',
      resolve: (user) => encodeGlobalID('AdminUser', user.id),
    }),
    userId: t.id({ description: 'The global id of the User.', resolve: (user) => encodeGlobalID('User', user.id) }),
    username: t.exposeString('username', { description: 'The unique handle, as in @mentions.' }),
    displayName: t.exposeString('displayName', { nullable: true, description: 'The name they chose; null when none.' }),
    name: t.string({ description: 'The display name, else the username.', resolve: (user) => user.displayName ?? user.username }),
    avatarUrl: t.exposeString('avatarUrl', { nullable: true, description: 'Their picture’s address; null when they have none.' }),
    email: t.exposeString('email', { description: 'Their e-mail address (administrators see everyone’s).' }),
    role: t.field({ type: RoleEnum, description: 'Whether they administer the instance.', resolve: (user) => user.role }),
    isAdmin: t.boolean({ description: 'True when `role` is `admin`.', resolve: (user) => user.role === 'admin' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When they registered.' }),
    subscriptionCount: t.int({ description: 'Feeds they subscribe to.', resolve: (user) => user.counts.subscriptions }),
    shareCount: t.int({ description: 'Shares they made, public and private.', resolve: (user) => user.counts.shares }),
    commentCount: t.int({ description: 'Comments they posted.', resolve: (user) => user.counts.comments }),
  }),
});

const AdminUserPage = builder.objectRef<NumberedPage<AdminUser>>('AdminUserPage').implement({
  description: 'One numbered page of the admin users table and the total it is drawn from.',
  fields: (t) => ({
    users: t.field({ type: [AdminUserRef], description: 'The users of this page, newest first.', resolve: (page) => page.rows }),
    total: t.exposeInt('total', { description: 'How many users match, on every page.' }),
    page: t.exposeInt('page', { description: 'This page’s number, from 1.' }),
    limit: t.exposeInt('limit', { description: 'Users a page holds (the last page may hold fewer).' }),
  }),
});

builder.queryField('adminUsers', (t) =>
  t.field({
    type: AdminUserPage,
    description:
      'The instance’s users, newest first, 20 a page unless `limit` (at most 100) says; `search` matches username, display name or e-mail. Administrators only (signed in with a session).',
    args: {
      search: t.arg.string({
        description: 'Only users whose username, display name or e-mail contains this text (any case); omit for all.',
      }),
      page: t.arg.int({ description: 'Which page, from 1 (the default).' }),
      limit: t.arg.int({ description: 'Users a page holds: 20 when omitted, at most 100.' }),
    },
    resolve: (_root, args, context) => listUsersForAdmin(context.services, context.viewer, args),
  }),
);
