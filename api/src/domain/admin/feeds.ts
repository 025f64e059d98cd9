import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { NotFoundError, parseInput } from '../core/errors.ts';
import { publicFeedAddress } from '../access/feedAddress.ts';
import { uuid } from '../core/fields.ts';
import type { Services, Viewer } from '../core/services.ts';
import { requireAdministrator } from '../access/administrators.ts';
import { numberedPageInput, type NumberedPage } from './paging.ts';

/** Feeds per page of the admin table. */
export const ADMIN_FEEDS_PAGE_SIZE = 50;
const FEED_NOT_FOUND = 'Feed not found';
// The request's part of deleting a feed read by 20 people (200,000 unread marks) took 4 s on a loaded machine
// (docs/api.md); Prisma's default transaction timeout of 5 s is too close.
const DELETE_FEED_TIMEOUT_MS = 60_000;

/**
 * A feed as the admin table shows it. Broken: its last fetch failed (fetchError present). `url`
 * is its public address (publicFeedAddress): administrators see host and path, not a subscriber's credentials or token.
 */
export type AdminFeed = {
  id: string;
  title: string;
  url: string;
  description: string;
  fetchError: string | null;
  lastFetchedAt: Date | null;
  counts: { subscriptions: number; articles: number };
};

type AdminFeedRow = Omit<AdminFeed, 'counts'> & { subscriptions: number; articles: number };

export const FEED_STATUSES = ['all', 'healthy', 'broken'] as const;
export type FeedStatus = (typeof FEED_STATUSES)[number];

const listInput = numberedPageInput(ADMIN_FEEDS_PAGE_SIZE).extend({
  status: z
    .enum(FEED_STATUSES, { error: 'status must be all, healthy or broken' })
    .nullish()
    .transform((status) => status ?? 'all'),
});

const STATUS_FILTERS: Record<FeedStatus, Prisma.Sql> = {
  all: Prisma.empty,
  healthy: Prisma.sql`AND f."fetchError" IS NULL`,
  broken: Prisma.sql`AND f."fetchError" IS NOT NULL`,
};

/**
 * One page of the instance's fetched feeds (the web pages feed is not one: it is never fetched) by title, then
 * address and id, with their counts of subscriptions and articles: one statement for the page, whose counts are
 * index-only ranges of the page's feeds, one for the total.
 */
export async function listFeedsForAdmin(services: Services, viewer: Viewer | null, input: unknown): Promise<NumberedPage<AdminFeed>> {
  requireAdministrator(viewer);
  const { page, limit, status } = parseInput(listInput, input ?? {});
  const where = Prisma.sql`WHERE f.kind = 'feed' ${STATUS_FILTERS[status]}`;
  const order = Prisma.sql`lower(f.title), f.url, f.id`;
  const [rows, [{ total }]] = await Promise.all([
    services.db.$queryRaw<AdminFeedRow[]>`
      SELECT f.id::text AS id, f.title, f.url, f.description, f."fetchError", f."lastFetchedAt",
        (SELECT count(*) FROM "Subscription" s WHERE s."feedId" = f.id)::int AS subscriptions,
        (SELECT count(*) FROM "Article" a WHERE a."feedId" = f.id)::int AS articles
      FROM (SELECT * FROM "Feed" f ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}) f
      ORDER BY ${order}`,
    services.db.$queryRaw<[{ total: number }]>`SELECT count(*)::int AS total FROM "Feed" f ${where}`,
  ]);
  return {
    rows: rows.map(({ subscriptions, articles, ...feed }) => ({
      ...feed,
      url: publicFeedAddress(feed.url),
      counts: { subscriptions, articles },
    })),
    total,
    page,
    limit,
  };
}

async function lockFeed(tx: Prisma.TransactionClient, feedId: unknown): Promise<{ id: string; title: string; url: string }> {
  const id = uuid.safeParse(feedId);
  const [feed] = id.success
    ? await tx.$queryRaw<{ id: string; title: string; url: string }[]>`
        SELECT id::text AS id, title, url FROM "Feed" WHERE id = ${id.data}::uuid AND kind = 'feed' FOR UPDATE`
    : [];
  if (!feed) throw new NotFoundError(FEED_NOT_FOUND);
  return feed;
}

/**
 * Queues a fetch of the feed now: the feed engine's `refresh_feed` job, enqueued with the feed's job key in the same
 * transaction (a job already waiting for it is moved to now rather than doubled). Answers the feed's id and title.
 */
export async function refreshFeedAsAdmin(
  services: Services,
  viewer: Viewer | null,
  feedId: unknown,
): Promise<{ id: string; title: string }> {
  requireAdministrator(viewer);
  return services.db.$transaction(async (tx) => {
    const feed = await lockFeed(tx, feedId);
    await services.jobs.add(tx, 'refresh_feed', { feedId: feed.id }, { jobKey: `refresh_feed:${feed.id}` });
    return { id: feed.id, title: feed.title || publicFeedAddress(feed.url) };
  });
}

/**
 * Deletes a feed with its articles and subscriptions, and what hangs off those articles: everyone's unread marks,
 * likes, stars, shares and the comments on them (and the notifications about those). Answers the feed's id and
 * title. What people see goes at once, set-wise by feed, in one transaction; the articles themselves go in batches
 * in the delete_feed job (each cascades into every partition of UnreadArticle, minutes for 100,000 of them), the
 * feed marked `deleting` meanwhile: never fetched or listed, its address free for a new subscription.
 */
export async function deleteFeed(services: Services, viewer: Viewer | null, feedId: unknown): Promise<{ id: string; title: string }> {
  requireAdministrator(viewer);
  return services.db.$transaction(
    async (tx) => {
      const feed = await lockFeed(tx, feedId);
      const ofFeed = Prisma.sql`"articleId" IN (SELECT id FROM "Article" WHERE "feedId" = ${feed.id}::uuid)`;
      await tx.$executeRaw`DELETE FROM "Subscription" WHERE "feedId" = ${feed.id}::uuid`;
      // By the users who have unread counts of the feed: the unread rows' index starts with the user.
      await tx.$executeRaw`
      DELETE FROM "UnreadArticle" WHERE "feedId" = ${feed.id}::uuid
        AND "userId" IN (SELECT "userId" FROM "FeedUnreadCount" WHERE "feedId" = ${feed.id}::uuid)`;
      await tx.$executeRaw`DELETE FROM "FeedUnreadCount" WHERE "feedId" = ${feed.id}::uuid`;
      for (const table of ['LikedArticle', 'StarredArticle', 'Share', 'Comment']) {
        await tx.$executeRaw`DELETE FROM ${Prisma.raw(`"${table}"`)} WHERE ${ofFeed}`;
      }
      await tx.$executeRaw`UPDATE "Feed" SET kind = 'deleting', url = ${`deleting:${feed.id}`}, "updatedAt" = now() WHERE id = ${feed.id}::uuid`;
      await services.jobs.add(tx, 'delete_feed', { feedId: feed.id }, { jobKey: `delete_feed:${feed.id}` });
      return { id: feed.id, title: feed.title || publicFeedAddress(feed.url) };
    },
    { timeout: DELETE_FEED_TIMEOUT_MS },
  );
}

// Each article cascades into 32 partitions of UnreadArticle: about 2 ms apiece, so a batch holds its locks ~2 s.
const DELETE_BATCH = 1000;

/** The delete_feed job: removes a `deleting` feed's articles batch by batch (each its own transaction), then the feed. */
export async function removeDeletedFeed(services: Services, feedId: string): Promise<number> {
  let removed = 0;
  for (;;) {
    const batch = await services.db.$executeRaw`
      DELETE FROM "Article" WHERE id IN (
        SELECT a.id FROM "Article" a JOIN "Feed" f ON f.id = a."feedId" AND f.kind = 'deleting'
        WHERE a."feedId" = ${feedId}::uuid LIMIT ${DELETE_BATCH})`;
    removed += batch;
    if (batch < DELETE_BATCH) break;
  }
  await services.db.$executeRaw`DELETE FROM "Feed" WHERE id = ${feedId}::uuid AND kind = 'deleting'`;
  return removed;
}
