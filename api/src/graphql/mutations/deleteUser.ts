import { encodeGlobalID } from '@pothos/plugin-relay';
import { deleteUser } from '../../domain/admin/users.ts';
import { builder } from '../builder.ts';
import { globalIdOf } from '../globalIdArguments.ts';
import { domainErrors } from '../errors.ts';
import { adminUserId } from '../types/AdminUser.ts';

const DeleteUserPayload = builder.objectRef<{ id: string; username: string }>('DeleteUserPayload').implement({
  description: 'The deleted user: their row’s id, to take it out of the table, and their username, to say who.',
  fields: (t) => ({
    deletedUserId: t.id({
      description: 'The AdminUser global id of the deleted user.',
      resolve: (user) => encodeGlobalID('AdminUser', user.id),
    }),
    username: t.exposeString('username', { description: 'The username the account had.' }),
  }),
});

builder.mutationField('deleteUser', (t) =>
  t.field({
    type: DeleteUserPayload,
    description:
      'Deletes another user and their data, ending their sessions and tokens (docs/api.md says what goes and what stays). Never one’s own account, never the last administrator. Administrators only.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.id({ required: true, description: 'The AdminUser (or User) global id.', extensions: globalIdOf('AdminUser', 'User') }),
    },
    resolve: (_root, { id }, context) => deleteUser(context.services, context.viewer, adminUserId(String(id))),
  }),
);
