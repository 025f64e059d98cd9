import { createResetLinkAsAdmin } from '../../domain/admin/users.ts';
import { builder } from '../builder.ts';
import { globalIdOf } from '../globalIdArguments.ts';
import { domainErrors } from '../errors.ts';
import { adminUserId } from '../types/AdminUser.ts';

const CreatePasswordResetLinkPayload = builder.objectRef<{ link: string }>('CreatePasswordResetLinkPayload').implement({
  description: 'A password reset link an administrator made for another user, to hand to them.',
  fields: (t) => ({
    link: t.exposeString('link', {
      description:
        'The absolute link (PUBLIC_URL/reset-password#token=…): it works once, for one hour. It is shown only in this answer; the server keeps only a hash of its token.',
    }),
  }),
});

builder.mutationField('createPasswordResetLink', (t) =>
  t.field({
    type: CreatePasswordResetLinkPayload,
    description:
      'Makes a single-use password reset link, valid for one hour, for another user who cannot sign in (an instance without e-mail cannot send them one); the user’s earlier outstanding links stop working. Never one’s own account. Administrators only, signed in with a session.',
    errors: { types: domainErrors },
    args: {
      userId: t.arg.id({
        required: true,
        description: 'The AdminUser (or User) global id of the user whose password is to be reset.',
        extensions: globalIdOf('AdminUser', 'User'),
      }),
    },
    resolve: async (_root, { userId }, context) => ({
      link: await createResetLinkAsAdmin(context.services, context.viewer, adminUserId(String(userId))),
    }),
  }),
);
