import { discoverFeeds } from '../../ingest/discover.ts';
import { feedFetchPolicy } from '../refresh/hostSlots.ts';
import type { Services } from '../core/services.ts';
import type { CommentLink } from './commentLinks.ts';

/**
 * Fills in each link of a comment with the feed it is or advertises (through the guarded fetcher), if any.
 * A link that fails or has no feed keeps feedUrl null; a comment edited or deleted meanwhile is left alone.
 */
export async function detectCommentLinkFeeds(services: Services, commentId: string): Promise<void> {
  const comment = await services.db.comment.findUnique({ where: { id: commentId }, select: { content: true, links: true } });
  if (!comment) return;
  const links = comment.links as CommentLink[];
  const policy = feedFetchPolicy(services, 'scheduled');
  const detected = await Promise.all(
    links.map(async (link): Promise<CommentLink> => {
      const [feed] = await discoverFeeds(policy, link.url).catch(() => []);
      return feed ? { url: link.url, title: feed.title || null, feedUrl: feed.url } : link;
    }),
  );
  await services.db.comment.updateMany({ where: { id: commentId, content: comment.content }, data: { links: detected } });
}
