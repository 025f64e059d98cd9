import { feedAddressIsPublicSql, publicFeedAddress } from '../access/feedAddress.ts';
import type { Services, Viewer } from '../core/services.ts';
import type { StarterPack } from '../../starterPacks/starterPacks.ts';

/** How many popular feeds Discover lists: enough to browse, few enough to answer from one index scan. */
export const POPULAR_FEEDS_LIMIT = 50;

export type PopularFeed = { id: string; url: string; title: string; description: string; subscriberCount: number };

/**
 * The instance's feeds with at least one subscriber that the viewer does not follow yet, most subscribed first
 * (then by title). Counted from the Subscription(feedId) index; the viewer's own are left out through
 * Subscription(userId, feedId). A feed whose address holds a query, fragment or user-info is left out: that part may
 * be its subscriber's secret (see publicFeedAddress), and without it the address names another feed. The addresses
 * shown still pass through publicFeedAddress, the one rule for what others see of a feed's address.
 */
export async function listPopularFeeds(services: Services, viewer: Viewer): Promise<PopularFeed[]> {
  const feeds = await services.db.$queryRaw<PopularFeed[]>`
    SELECT f.id, f.url, f.title, f.description, s."subscriberCount"
    FROM (
      SELECT "feedId", count(*)::int AS "subscriberCount" FROM "Subscription" GROUP BY "feedId"
    ) s
    JOIN "Feed" f ON f.id = s."feedId"
    WHERE f.kind = 'feed' AND ${feedAddressIsPublicSql('f')}
      AND NOT EXISTS (SELECT 1 FROM "Subscription" mine WHERE mine."userId" = ${viewer.id}::uuid AND mine."feedId" = s."feedId")
    ORDER BY s."subscriberCount" DESC, f.title, f.id
    LIMIT ${POPULAR_FEEDS_LIMIT}`;
  return feeds.map((feed) => ({ ...feed, url: publicFeedAddress(feed.url) }));
}

/** The starter packs: curated ones and the administrator's (read and checked at start-up). */
export function listStarterPacks(services: Services, _viewer: Viewer): readonly StarterPack[] {
  return services.config.starterPacks;
}
