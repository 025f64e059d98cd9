import { publicFeedAddress } from '../../ingest/publicAddress.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import type { Services, Viewer } from '../core/services.ts';

// A feed's address as people who do not subscribe to it see it; its subscribers, who gave it, see it whole.
export { publicFeedAddress };

/** The feed's address as the viewer may see it: whole for a subscriber, else `publicFeedAddress`. */
export function feedAddressFor(feed: { url: string }, viewerSubscribes: boolean): string {
  return viewerSubscribes ? feed.url : publicFeedAddress(feed.url);
}

/**
 * The same rule in SQL, on the `Feed` row aliased `feed`: whether its stored address is public as it stands
 * (`publicFeedAddress(url) === url`: no query, fragment or user-info). Lists that offer feeds to people who do not
 * subscribe leave the others out rather than show them cut: without its secret, such an address names another feed.
 */
export function feedAddressIsPublicSql(feed: string): Prisma.Sql {
  const url = Prisma.raw(`"${feed}".url`);
  return Prisma.sql`(${url} !~ '[?#]' AND ${url} !~ '^[a-z]+://[^/]*@')`;
}

/** Which of the feeds `feedIds` the viewer subscribes to, in one statement. */
export async function subscribedFeedIds(services: Services, viewer: Viewer | null, feedIds: readonly string[]): Promise<Set<string>> {
  if (!viewer) return new Set();
  const rows = await services.db.subscription.findMany({
    where: { userId: viewer.id, feedId: { in: [...feedIds] } },
    select: { feedId: true },
  });
  return new Set(rows.map((row) => row.feedId));
}
