import { mute, unmute } from '../../domain/social/mutes.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { UserNode } from '../types/User.ts';

for (const [name, change, description] of [
  [
    'muteUser',
    mute,
    'Mutes a user: their shares, comments and mentions are kept from the viewer, and they are not told. Muting twice is muting.',
  ],
  ['unmuteUser', unmute, 'Unmutes a user: their shares and comments show again, and their new mentions notify again.'],
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
