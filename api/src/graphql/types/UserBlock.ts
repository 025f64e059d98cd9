import { queryFromInfo } from '@pothos/plugin-prisma';
import { listBlocks } from '../../domain/social/blocks.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { UserNode } from './User.ts';
import { viewerMuteRow } from './UserMute.ts';

builder.prismaObjectFields(UserNode, (t) => ({
  isBlocked: t.boolean({
    nullable: true,
    description:
      'Whether the viewer blocked them: they are muted, cannot follow the viewer, and are not told. Null for the viewer themself.',
    select: (_args, context) => viewerMuteRow(context.viewer),
    resolve: (user, _args, context) =>
      !context.viewer || user.id === context.viewer.id ? null : user.mutedBy.some((row) => row.blockedAt !== null),
  }),
}));

builder.queryFields((t) => ({
  blocks: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: UserNode,
      description: 'The users the viewer blocked, most recently blocked first.',
      resolve: async (_root, args, context, info) => {
        const page = await listBlocks(context.services, context.viewer, { first: args.first, after: args.after });
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
