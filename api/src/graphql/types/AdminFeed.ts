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

const FEED_STATUS_MEANING: Record<(typeof FEED_STATUSES)[number], string> = {
  all: 'Every feed.',
  broken: 'Feeds whose last fetch failed (they have a fetchError).',
  healthy: 'Feeds whose last fetch worked, or that were never fetched.',
};

const FeedStatusEnum = builder.enumType('AdminFeedStatus', {
  description: 'Which feeds the admin table lists: broken ones have a fetch error, healthy ones none.',
  values: Object.fromEntries(
    FEED_STATUSES.map((status) => [status, { value: status, description: FEED_STATUS_MEANING[status] }]),
  ) as Record<(typeof FEED_STATUSES)[number], { value: (typeof FEED_STATUSES)[number]; description: string }>,
});

const AdminFeedRef = builder.objectRef<AdminFeed>('AdminFeed').implement({
  description: 'A feed as the admin panel’s table shows it (administrators only): public address, health and counts.',
  fields: (t) => ({
    id: t.id({
      description: 'This row’s own global id (an AdminFeed id); the admin mutations take it or the Feed id.',
      resolve: (feed) => encodeGlobalID('AdminFeed', feed.id),
    }),
    feedId: t.id({ description: 'The global id of the Feed.', resolve: (feed) => encodeGlobalID('Feed', feed.id) }),
    title: t.exposeString('title', { description: 'The feed’s title; empty when it has none (show the url then).' }),
    url: t.exposeString('url', { description: PUBLIC_ADDRESS }),
    description: t.exposeString('description', { description: 'The feed’s own description, as plain text; empty when it has none.' }),
    fetchError: t.exposeString('fetchError', { nullable: true, description: 'Why the last fetch failed; null when it worked (Healthy).' }),
    lastFetchedAt: t.expose('lastFetchedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'The last fetch, whether it worked or not; null when never fetched.',
    }),
    subscriptionCount: t.int({ description: 'Accounts subscribed to it.', resolve: (feed) => feed.counts.subscriptions }),
    articleCount: t.int({ description: 'Articles stored for it.', resolve: (feed) => feed.counts.articles }),
  }),
});

const AdminFeedPage = builder.objectRef<NumberedPage<AdminFeed>>('AdminFeedPage').implement({
  description: 'One numbered page of the admin feeds table and the total it is drawn from.',
  fields: (t) => ({
    feeds: t.field({ type: [AdminFeedRef], description: 'The feeds of this page, by title.', resolve: (page) => page.rows }),
    total: t.exposeInt('total', { description: 'How many feeds match the status, on every page.' }),
    page: t.exposeInt('page', { description: 'This page’s number, from 1.' }),
    limit: t.exposeInt('limit', { description: 'Feeds a page holds (the last page may hold fewer).' }),
  }),
});

builder.queryField('adminFeeds', (t) =>
  t.field({
    type: AdminFeedPage,
    description:
      'The instance’s feeds by title, 50 a page unless `limit` (at most 100) says, filtered by health. Administrators only (signed in with a session).',
    args: {
      status: t.arg({ type: FeedStatusEnum, description: 'Which feeds: all (the default), broken or healthy.' }),
      page: t.arg.int({ description: 'Which page, from 1 (the default).' }),
      limit: t.arg.int({ description: 'Feeds a page holds: 50 when omitted, at most 100.' }),
    },
    resolve: (_root, args, context) => listFeedsForAdmin(context.services, context.viewer, args),
  }),
);
