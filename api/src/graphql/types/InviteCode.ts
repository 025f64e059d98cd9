import { queryFromInfo } from '@pothos/plugin-prisma';
import { inviteRateLimit, listInviteCodePage, type InviteRateLimit } from '../../domain/accounts/invites.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { accountOwnerIdFilter, nodeIdFilter } from '../nodeFilters.ts';

export const InviteCodeNode = builder.prismaNode('InviteCode', {
  description: 'A single-use registration code created by a user.',
  id: { field: 'id' },
  // node(id:) and nodes(ids:) load only the viewer's own codes, as the inviteCodes list does.
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), createdById: accountOwnerIdFilter(context) }),
  // An id that names nothing (or nothing visible) is a null node, as Relay expects, not an error.
  nullable: true,
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Four dictionary words, upper case, dash-separated.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    usedAt: t.expose('usedAt', { type: 'DateTime', nullable: true, description: 'When someone registered with it; null while unused.' }),
    isUsed: t.boolean({
      description: 'Whether someone registered with it (a used code cannot be deleted or used again).',
      select: { usedAt: true },
      resolve: (invite) => invite.usedAt !== null,
    }),
    usedBy: t.relation('usedBy', { nullable: true, description: 'Who registered with it.' }),
  }),
});

export const InviteRateLimitRef = builder.objectRef<InviteRateLimit>('InviteRateLimit').implement({
  description: "The viewer's invite allowance for the rolling week.",
  fields: (t) => ({
    limit: t.exposeInt('limit', { description: 'Invites per week for ordinary users.' }),
    remaining: t.exposeInt('remaining', { description: 'Invites the viewer may still create this rolling week.' }),
    currentCount: t.exposeInt('currentCount', { description: 'Invites created in the last seven days.' }),
    unlimited: t.exposeBoolean('unlimited', { description: 'True for administrators.' }),
    nextAvailableAt: t.expose('nextAvailableAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When one more becomes available, if none remain.',
    }),
  }),
});

builder.queryFields((t) => ({
  inviteCodes: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: InviteCodeNode,
      description: "The viewer's invite codes, newest first.",
      resolve: async (_root, args, context, info) => {
        const page = await listInviteCodePage(context.services, context.viewer, { first: args.first, after: args.after });
        const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
        const invites = await inDomainOrder(
          page.items.map((invite) => invite.id),
          (ids) => context.services.db.inviteCode.findMany({ ...query, where: { id: { in: ids } } }),
        );
        return pageConnection(page, invites);
      },
    }),
  ),
  inviteRateLimit: t.field({
    type: InviteRateLimitRef,
    authScopes: { signedIn: true },
    description: "The viewer's invite allowance.",
    resolve: (_root, _args, context) => inviteRateLimit(context.services, context.viewer!),
  }),
}));
