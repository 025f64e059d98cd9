import { discoverFeeds } from '../../ingest/discover.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import { feedFetchPolicy } from '../core/hostSlots.ts';
import type { Services } from '../core/services.ts';
import type { CommentLink } from './commentLinks.ts';

/** How many times a comment's links are looked up at most, when their sites fail for a passing reason. */
export const COMMENT_LINK_ATTEMPTS = 3;

/** A failure that may well be gone in a few seconds: a busy or slow site, a dropped connection, a 408, 429 or 5xx. */
function passing(error: unknown): boolean {
  if (!(error instanceof FeedFetchError)) return false;
  if (error.kind === 'host-busy' || error.kind === 'timeout' || error.kind === 'network') return true;
  return error.kind === 'http-status' && error.status !== null && (error.status === 408 || error.status === 429 || error.status >= 500);
}

/**
 * Fills in each pending link of a comment with the feed it is or advertises, if any, through the guarded fetcher.
 * The author is looking at the comment, so a fetch waits for a slot of the site's as a person's request does. A link
 * that has no feed or fails for good gets none; one whose site failed for a passing reason stays pending, unless
 * this is the `lastAttempt`, so that the job can try it again a few seconds later. Answers how many links are still
 * pending. A comment edited or deleted meanwhile is left alone (an edit queues a detection of its own).
 */
export async function detectCommentLinkFeeds(
  services: Services,
  commentId: string,
  { lastAttempt = true }: { lastAttempt?: boolean } = {},
): Promise<number> {
  const comment = await services.db.comment.findUnique({ where: { id: commentId }, select: { content: true, links: true } });
  if (!comment) return 0;
  const links = comment.links as CommentLink[];
  const policy = feedFetchPolicy(services, 'interactive');
  const detected = await Promise.all(
    links.map(async (link): Promise<CommentLink> => {
      // Looked up already (by an earlier attempt); links stored before the flag existed are looked up.
      if (link.pending === false) return link;
      const looked = (feed?: { url: string; title: string }): CommentLink => ({
        url: link.url,
        title: feed?.title || null,
        feedUrl: feed?.url ?? null,
        pending: false,
      });
      try {
        const [feed] = await discoverFeeds(policy, link.url);
        return looked(feed);
      } catch (error) {
        return passing(error) && !lastAttempt ? { ...link, pending: true } : looked();
      }
    }),
  );
  const { count } = await services.db.comment.updateMany({ where: { id: commentId, content: comment.content }, data: { links: detected } });
  return count === 0 ? 0 : detected.filter((link) => link.pending).length;
}
