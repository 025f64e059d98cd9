import { encodeGlobalID } from '@pothos/plugin-relay';
import { FEED_STATUSES, listFeedsForAdmin, type AdminFeed } from '../../domain/admin/feeds.ts';
import type { NumberedPage } from '../../domain/admin/paging.ts';
import { builder } from '../builder.ts';
import { idOfType } from '../lookupId.ts';

/** How the admin panel shows a feed's address (the domain's publicFeedAddress). */
export const PUBLIC_ADDRESS = 'The feed’s host and path: without the query, fragment and user-info, which may hold a subscriber’s secret.';

/** The feed id inside an admin feed's (or a feed's) global id; '' (found by nothing) for anything else. */
export function adminFeedId(globalId: string): string {
  return idOfType(globalId, 'AdminFeed') ?? idOfType(globalId, 'Feed') ?? '';
}

const FeedStatusEnum = builder.enumType('AdminFeedStatus', {
  description: 'Which feeds the admin table lists: broken ones have a fetch error, healthy ones none.',
  values: Object.fromEntries(FEED_STATUSES.map((status) => [status, { value: status }])) as Record<
    (typeof FEED_STATUSES)[number],
    { value: (typeof FEED_STATUSES)[number] }
  >,
});

const AdminFeedRef = builder.objectRef<AdminFeed>('AdminFeed').implement({
  description: 'A feed as the admin panel’s table shows it (administrators only): public address, health and counts.',
  fields: (t) => ({
    id: t.id({ resolve: (feed) => encodeGlobalID('AdminFeed', feed.id) }),
    feedId: t.id({ description: 'The global id of the Feed.', resolve: (feed) => encodeGlobalID('Feed', feed.id) }),
    title: t.exposeString('title'),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    description: t.exposeString('description'),
    fetchError: t.exposeString('fetchError', { nullable: true, description: 'Why the last fetch failed; null when it worked (Healthy).' }),
    lastFetchedAt: t.expose('lastFetchedAt', { type: 'DateTime', nullable: true }),
    subscriptionCount: t.int({ resolve: (feed) => feed.counts.subscriptions }),
    articleCount: t.int({ resolve: (feed) => feed.counts.articles }),
  }),
});

const AdminFeedPage = builder.objectRef<NumberedPage<AdminFeed>>('AdminFeedPage').implement({
  description: 'One numbered page of the admin feeds table and the total it is drawn from.',
  fields: (t) => ({
    feeds: t.field({ type: [AdminFeedRef], resolve: (page) => page.rows }),
    total: t.exposeInt('total', { description: 'How many feeds match the status, on every page.' }),
    page: t.exposeInt('page'),
    limit: t.exposeInt('limit'),
  }),
});

builder.queryField('adminFeeds', (t) =>
  t.field({
    type: AdminFeedPage,
    description:
      'The instance’s feeds by title, 50 a page unless `limit` (at most 100) says, filtered by health. Administrators only (signed in with a session).',
    args: { status: t.arg({ type: FeedStatusEnum }), page: t.arg.int(), limit: t.arg.int() },
    resolve: (_root, args, context) => listFeedsForAdmin(context.services, context.viewer, args),
  }),
);
