import type { Services, Viewer } from '../domain/core/services.ts';
import type { PublicUser } from '../domain/core/publicUser.ts';
import { builder } from './builder.ts';
import { domainErrors } from './errors.ts';
import { UserNode } from './types/User.ts';

type PersonChange = (services: Services, viewer: Viewer, userId: unknown) => Promise<Pick<PublicUser, 'id'>>;

/**
 * Mutations that change how the viewer stands towards one person (follow, mute, block and their undoing): each takes the
 * person's User id and answers the User, or a domain error.
 */
export function definePersonMutations(mutations: readonly (readonly [name: string, change: PersonChange, description: string])[]) {
  for (const [name, change, description] of mutations) {
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
}
