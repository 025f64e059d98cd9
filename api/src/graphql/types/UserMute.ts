import { queryFromInfo } from '@pothos/plugin-prisma';
import { listMutes } from '../../domain/social/mutes.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { UserNode } from './User.ts';

// No user has this id: with no viewer the mutes looked up are nobody's.
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * What isMuted and isBlocked (UserBlock.ts) read of a user: the viewer's Mute row for them, if any. Both select the
 * same, so one query loads it for both.
 */
export const viewerMuteRow = (viewer: { id: string } | null | undefined) =>
  ({
    id: true,
    mutedBy: { where: { muterId: viewer?.id ?? NOBODY }, select: { explicit: true, blockedAt: true } },
  }) as const;

builder.prismaObjectFields(UserNode, (t) => ({
  isMuted: t.boolean({
    nullable: true,
    description:
      'Whether the viewer muted them: their shares, comments and mentions are kept from the viewer, and they are not told. A block keeps them out too, but is told by isBlocked, not here. Null for the viewer themself.',
    select: (_args, context) => viewerMuteRow(context.viewer),
    resolve: (user, _args, context) => (!context.viewer || user.id === context.viewer.id ? null : user.mutedBy.some((row) => row.explicit)),
  }),
}));

builder.queryFields((t) => ({
  mutes: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: UserNode,
      description: 'The users the viewer muted, most recently muted first.',
      resolve: async (_root, args, context, info) => {
        const page = await listMutes(context.services, context.viewer, { first: args.first, after: args.after });
        // The domain chose the page; the users are reloaded by id with what the query selects of them.
        const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
        const users = await inDomainOrder(
          page.items.map((user) => user.id),
          (ids) => context.services.db.user.findMany({ ...query, where: { id: { in: ids } } }),
        );
        return pageConnection(page, users);
      },
    }),
  ),
}));
