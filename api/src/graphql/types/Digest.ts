import { queryFromInfo } from '@pothos/plugin-prisma';
import { firstDigestStatus, listDigests, type FirstDigestStatus } from '../../domain/digests/digests.ts';
import { publicDigestContent, publicDigestMetadata } from '../../domain/digests/publicDigest.ts';
import { InvalidInputError } from '../../domain/core/errors.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { nodeIdFilter, ownerIdFilter } from '../nodeFilters.ts';
import { DigestTypeEnum } from './DigestPreferences.ts';

export const DigestNode = builder.prismaNode('Digest', {
  description: 'A weekly digest: what the viewer (personal) or the instance (instance) read, shared and talked about.',
  id: { field: 'id' },
  // node(id:) loads only the viewer's own digests, as the digests list does.
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), userId: ownerIdFilter(context) }),
  nullable: true,
  fields: (t) => ({
    type: t.expose('type', { type: DigestTypeEnum, description: 'Whose week it covers: the viewer’s (personal) or the instance’s.' }),
    title: t.exposeString('title', { description: 'Its headline, as plain text.' }),
    summary: t.exposeString('summary', { description: 'One sentence; the detail screen shows it as its title.' }),
    // The rows are loaded here with the query's selection: their feed addresses are made public as the domain's reads do.
    content: t.string({
      description:
        'Markdown: `##`/`###` headings, paragraphs, lists, bold, italic and links; article links are /article/{id}, ' +
        'feed suggestions subscribe:{url-encoded public feed address}; `<!-- -->` paragraphs are comments, not shown.',
      select: { content: true },
      resolve: (digest) => publicDigestContent(digest.content),
    }),
    metadata: t.string({
      description: 'JSON: the counts (reads, likes, shares, starred; or totalReads, totalShares, activeUsers), topics and lists.',
      select: { metadata: true },
      resolve: (digest) => JSON.stringify(publicDigestMetadata(digest.metadata)),
    }),
    startDate: t.expose('startDate', { type: 'DateTime', description: 'The start of the week it covers.' }),
    endDate: t.expose('endDate', { type: 'DateTime', description: 'The end of the week it covers.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was made.' }),
  }),
});

const RequirementRef = builder.objectRef<FirstDigestStatus['requirements']['feeds']>('FirstDigestRequirement').implement({
  description: 'One thing a first digest needs, and how far the viewer is.',
  fields: (t) => ({
    met: t.exposeBoolean('met', { description: 'True when `current` has reached `required`.' }),
    current: t.exposeInt('current', { description: 'How many the viewer has now.' }),
    required: t.exposeInt('required', { description: 'How many a first digest needs.' }),
  }),
});

const RequirementsRef = builder.objectRef<FirstDigestStatus['requirements']>('FirstDigestRequirements').implement({
  description: 'What a first digest needs: feeds, shares and likes.',
  fields: (t) => ({
    feeds: t.expose('feeds', { type: RequirementRef, description: 'Feeds subscribed to.' }),
    shares: t.expose('shares', { type: RequirementRef, description: 'Articles shared.' }),
    likes: t.expose('likes', { type: RequirementRef, description: 'Articles liked.' }),
  }),
});

export const FirstDigestStatusRef = builder.objectRef<FirstDigestStatus>('FirstDigestStatus').implement({
  description: 'Whether the viewer ever had a digest, and what their first one needs.',
  fields: (t) => ({
    hasDigests: t.exposeBoolean('hasDigests', { description: 'Whether the viewer has any digest already.' }),
    canGenerate: t.exposeBoolean('canGenerate', {
      description: 'Whether generateFirstDigest would make one now: every requirement is met.',
    }),
    requirements: t.expose('requirements', { type: RequirementsRef, description: 'Each requirement and how far the viewer is.' }),
  }),
});

// The list pages by offset (REST's `offset`); a cursor is the offset of the next row.
function offsetOf(after: string | null | undefined): number {
  if (after === null || after === undefined) return 0;
  if (!/^\d+$/.test(after)) throw new InvalidInputError('Invalid cursor');
  return Number(after);
}

builder.queryFields((t) => ({
  digests: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: DigestNode,
      description: "The viewer's digests, newest first.",
      resolve: async (_root, args, context, info) => {
        const offset = offsetOf(args.after);
        const page = await listDigests(context.services, context.viewer, { limit: args.first ?? undefined, offset });
        const ids = page.digests.map((digest) => digest.id);
        const cursors = ids.map((_id, index) => String(offset + index + 1));
        const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
        const digests = await inDomainOrder(ids, (inIds) =>
          context.services.db.digest.findMany({ ...query, where: { id: { in: inIds } } }),
        );
        return pageConnection({ items: page.digests, cursors, hasNextPage: page.hasMore, endCursor: cursors.at(-1) ?? null }, digests);
      },
    }),
  ),
  firstDigestStatus: t.field({
    type: FirstDigestStatusRef,
    authScopes: { signedIn: true },
    description: 'Whether the viewer has digests, and whether they may generate their first one now (generateFirstDigest).',
    resolve: (_root, _args, context) => firstDigestStatus(context.services, context.viewer!),
  }),
}));
