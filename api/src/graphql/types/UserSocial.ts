import { queryFromInfo } from '@pothos/plugin-prisma';
import type { GraphQLResolveInfo } from 'graphql';
import { listFollowers, listFollowing } from '../../domain/social/follows.ts';
import type { Page } from '../../domain/core/pages.ts';
import { listUsers, searchUsers } from '../../domain/social/users.ts';
import { inDomainOrder, pageConnection } from '../loadByIds.ts';
import { encodeKeyset } from '../../domain/core/keyset.ts';
import { countSharedListArticles, listShares, listUserShares, type SharePage } from '../../domain/social/shareList.ts';
import { getUser } from '../../domain/social/users.ts';
import { visibleSharesWhere } from '../../domain/access/shareVisibility.ts';
import { publicSharesFeedUrl } from '../../domain/social/publicFeed.ts';
import type { RequestContext } from '../../context.ts';
import { builder } from '../builder.ts';
import { pagedForward } from '../forwardPaging.ts';
import { nullWhenNotFound } from '../lookupId.ts';
import { ShareNode } from './Share.ts';
import { UserNode } from './User.ts';

// What people see of each other: counts, follows, and the lists of the users directory and mentions.
builder.prismaObjectFields(UserNode, (t) => ({
  sharesCount: t.relationCount('shares', {
    description: 'How many articles they shared that the viewer may see.',
    where: (_args, context) => visibleSharesWhere(context.viewer),
  }),
  commentsCount: t.relationCount('comments', { description: 'How many comments they wrote.' }),
  viewerFollows: t.boolean({
    description: 'Whether the viewer follows them.',
    select: (_args, context) => ({
      followers: { where: { followerId: context.viewer?.id ?? '00000000-0000-0000-0000-000000000000' }, select: { followerId: true } },
    }),
    resolve: (user) => user.followers.length > 0,
  }),
  publicSharesFeedUrl: t.string({
    description: 'The address of the RSS feed of their public shares, which anyone may read without signing in.',
    select: { id: true },
    resolve: (user, _args, context) => publicSharesFeedUrl(context.services.config, user.id),
  }),
}));

builder.queryFields((t) => ({
  users: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: UserNode,
      description: 'The other users of the instance, by name (the users directory), a page at a time.',
      resolve: async (_root, args, context, info) =>
        usersConnection(context, info, await listUsers(context.services, context.viewer, { first: args.first, after: args.after })),
    }),
  ),
  searchUsers: t.withAuth({ signedIn: true }).prismaField({
    type: ['User'],
    description: 'Users whose username or display name starts with `query`, for @mention suggestions (5 by default, at most 20).',
    args: {
      query: t.arg.string({
        description: 'The beginning of a username or display name, any case, at most 50 characters (the text after an @).',
      }),
      limit: t.arg.int({ description: 'How many users to answer: 5 when omitted, at most 20.' }),
    },
    resolve: async (query, _root, args, context) => {
      const ids = (await searchUsers(context.services, context.viewer, { q: args.query, limit: args.limit })).map((user) => user.id);
      return inDomainOrder(ids, (inIds) => context.services.db.user.findMany({ ...query, where: { id: { in: inIds } } }));
    },
  }),
  user: t.withAuth({ signedIn: true }).prismaField({
    type: 'User',
    nullable: true,
    description: 'A user by id, or null.',
    args: {
      id: t.arg.globalID({
        required: true,
        for: UserNode,
        description:
          'A User global id, as from a link. One that names nobody answers null; a malformed id, or one of another type, is refused with BAD_USER_INPUT.',
      }),
    },
    resolve: async (query, _root, { id }, context) => {
      const user = await findUser(context, id.id);
      // Read whether or not the user exists: outside production, Pothos fails a field that left its query unread.
      const selection = { ...query };
      return user ? context.services.db.user.findUnique({ ...selection, where: { id: user.id } }) : null;
    },
  }),
  following: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: UserNode,
      description: 'The users the viewer follows, most recently followed first.',
      resolve: async (_root, args, context, info) =>
        usersConnection(context, info, await listFollowing(context.services, context.viewer, { first: args.first, after: args.after })),
    }),
  ),
  followers: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: UserNode,
      description: "The viewer's followers, most recent first.",
      resolve: async (_root, args, context, info) =>
        usersConnection(context, info, await listFollowers(context.services, context.viewer, { first: args.first, after: args.after })),
    }),
  ),
  shares: pagedForward(
    t.withAuth({ signedIn: true }).connection(
      {
        type: ShareNode,
        description: 'Shares of the people the viewer follows and the viewer’s own, newest first (the Shared list).',
        resolve: async (_root, args, context) =>
          sharesConnection(await listShares(context.services, context.viewer, { first: args.first, after: args.after })),
      },
      {
        fields: (c) => ({
          articleCount: c.int({
            description: 'How many different articles the whole list is about (two shares of one article count once).',
            resolve: (_connection, _args, context) => countSharedListArticles(context.services, context.viewer),
          }),
        }),
      },
    ),
  ),
  userShares: pagedForward(
    t.withAuth({ signedIn: true }).connection({
      type: ShareNode,
      description: "One user's shares, newest first (their profile); none for an unknown user.",
      args: {
        userId: t.arg.globalID({
          required: true,
          for: UserNode,
          description:
            'A User global id, as from a link. One that names nobody answers an empty list; a malformed id, or one of another type, is refused with BAD_USER_INPUT.',
        }),
      },
      resolve: async (_root, args, context) => {
        const user = await findUser(context, args.userId.id);
        const page = user
          ? await listUserShares(context.services, context.viewer, user.id, { first: args.first, after: args.after })
          : { shares: [], hasNextPage: false, endCursor: null };
        return sharesConnection(page);
      },
    }),
  ),
}));

// The domain chose the page; the users are reloaded by id with what the query selects of them (counts, viewerFollows).
async function usersConnection(context: RequestContext, info: GraphQLResolveInfo, page: Page<{ id: string }>) {
  const query = queryFromInfo({ context, info, path: ['edges', 'node'] });
  const users = await inDomainOrder(
    page.items.map((user) => user.id),
    (ids) => context.services.db.user.findMany({ ...query, where: { id: { in: ids } } }),
  );
  return pageConnection(page, users);
}

/** The user of a decoded User id, or null when it names nobody (a deleted account, or an id that is no UUID). */
function findUser(context: RequestContext, id: string) {
  return getUser(context.services, id).catch(nullWhenNotFound);
}

function sharesConnection(page: SharePage) {
  return {
    edges: page.shares.map((share) => ({ cursor: encodeKeyset({ time: share.createdAt, id: share.id }), node: share })),
    pageInfo: { hasNextPage: page.hasNextPage, hasPreviousPage: false, startCursor: null, endCursor: page.endCursor },
  };
}
