import { updateUserRole } from '../../domain/admin/users.ts';
import { builder } from '../builder.ts';
import { globalIdOf } from '../globalIdArguments.ts';
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
      id: t.arg.id({ required: true, description: 'The AdminUser (or User) global id.', extensions: globalIdOf('AdminUser', 'User') }),
      role: t.arg({ type: RoleEnum, required: true, description: 'The new role: admin or user.' }),
      isAdmin: t.arg.boolean({ required: true, description: 'True with role admin, false with role user: the two must agree.' }),
    },
    resolve: (_root, { id, role, isAdmin }, context) =>
      updateUserRole(context.services, context.viewer, adminUserId(String(id)), { role, isAdmin }),
  }),
);
