import { follow, unfollow } from '../../domain/social/follows.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { UserNode } from '../types/User.ts';

for (const [name, change, description] of [
  ['follow', follow, 'Follows a user: their shares join the viewer’s Shared list. Following twice is following.'],
  ['unfollow', unfollow, 'Stops following a user.'],
] as const) {
  builder.mutationField(name, (t) =>
    t.withAuth({ signedIn: true }).prismaField({
      type: 'User',
      description,
      errors: { types: domainErrors },
      args: { userId: t.arg.globalID({ required: true, for: UserNode }) },
      resolve: async (query, _root, { userId }, context) => {
        const user = await change(context.services, context.viewer, userId.id);
        return context.services.db.user.findUniqueOrThrow({ ...query, where: { id: user.id } });
      },
    }),
  );
}
