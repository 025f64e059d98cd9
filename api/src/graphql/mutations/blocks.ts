import { block, unblock } from '../../domain/social/blocks.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { UserNode } from '../types/User.ts';

for (const [name, change, description] of [
  [
    'blockUser',
    block,
    'Blocks a user: everything muteUser does (their shares, comments and mentions are kept from the viewer), and their follow of the viewer ends and new ones are refused. They are not told. Blocking twice is blocking; never yourself.',
  ],
  [
    'unblockUser',
    unblock,
    'Unblocks a user: they may follow the viewer again (their old follow is not restored), and they are heard from again unless the viewer also muted them.',
  ],
] as const) {
  builder.mutationField(name, (t) =>
    t.withAuth({ signedIn: true }).prismaField({
      type: 'User',
      description,
      errors: { types: domainErrors },
      args: { userId: t.arg.globalID({ required: true, for: UserNode, description: 'The User global id of the person.' }) },
      resolve: async (query, _root, { userId }, context) => {
        const user = await change(context.services, context.viewer, userId.id);
        return context.services.db.user.findUniqueOrThrow({ ...query, where: { id: user.id } });
      },
    }),
  );
}
