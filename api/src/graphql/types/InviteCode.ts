import { inviteRateLimit, type InviteRateLimit } from '../../domain/invites.ts';
import { builder } from '../builder.ts';
import { nodeIdFilter, ownerIdFilter } from '../nodeFilters.ts';

export const InviteCodeNode = builder.prismaNode('InviteCode', {
  description: 'A single-use registration code created by a user.',
  id: { field: 'id' },
  // node(id:) and nodes(ids:) load only the viewer's own codes, as the inviteCodes list does.
  findUnique: (id, context) => ({ id: nodeIdFilter(id), createdById: ownerIdFilter(context) }),
  // An id that names nothing (or nothing visible) is a null node, as Relay expects, not an error.
  nullable: true,
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Four dictionary words, upper case, dash-separated.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    usedAt: t.expose('usedAt', { type: 'DateTime', nullable: true }),
    isUsed: t.boolean({ select: { usedAt: true }, resolve: (invite) => invite.usedAt !== null }),
    usedBy: t.relation('usedBy', { nullable: true, description: 'Who registered with it.' }),
  }),
});

export const InviteRateLimitRef = builder.objectRef<InviteRateLimit>('InviteRateLimit').implement({
  description: "The viewer's invite allowance for the rolling week.",
  fields: (t) => ({
    limit: t.exposeInt('limit', { description: 'Invites per week for ordinary users.' }),
    remaining: t.exposeInt('remaining'),
    currentCount: t.exposeInt('currentCount', { description: 'Invites created in the last seven days.' }),
    unlimited: t.exposeBoolean('unlimited', { description: 'True for administrators.' }),
    nextAvailableAt: t.expose('nextAvailableAt', { type: 'DateTime', nullable: true, description: 'When one more becomes available, if none remain.' }),
  }),
});

builder.queryFields((t) => ({
  inviteCodes: t.prismaConnection({
    type: 'InviteCode',
    cursor: 'id',
    authScopes: { signedIn: true },
    description: "The viewer's invite codes, newest first.",
    resolve: (query, _root, _args, context) =>
      context.services.db.inviteCode.findMany({ ...query, where: { createdById: context.viewer!.id }, orderBy: { id: 'desc' } }),
  }),
  inviteRateLimit: t.field({
    type: InviteRateLimitRef,
    authScopes: { signedIn: true },
    description: "The viewer's invite allowance.",
    resolve: (_root, _args, context) => inviteRateLimit(context.services, context.viewer!),
  }),
}));
