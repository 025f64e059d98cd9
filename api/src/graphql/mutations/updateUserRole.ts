import { updateUserRole } from '../../domain/admin/users.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { adminUserId, AdminUserRef } from '../types/AdminUser.ts';
import { RoleEnum } from '../types/User.ts';

builder.mutationField('updateUserRole', (t) =>
  t.field({
    type: AdminUserRef,
    description:
      'Promotes (role admin, isAdmin true) or demotes (role user, isAdmin false) another user; answers the updated row. Never one’s own, never the last administrator. Administrators only.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.id({ required: true, description: 'The AdminUser (or User) global id.' }),
      role: t.arg({ type: RoleEnum, required: true }),
      isAdmin: t.arg.boolean({ required: true }),
    },
    resolve: (_root, { id, role, isAdmin }, context) =>
      updateUserRole(context.services, context.viewer, adminUserId(String(id)), { role, isAdmin }),
  }),
);
