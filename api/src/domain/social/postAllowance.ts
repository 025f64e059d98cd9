import { assertAllowanceLeft, spendAllowance, type Allowance } from '../core/rateLimits.ts';
import type { Services, Viewer } from '../core/services.ts';

/**
 * What one account may post: COMMENTS_PER_MINUTE comments a minute, and POSTS_PER_3_HOURS comments and shares together
 * in 3 hours (Mastodon allows 300 posts). A comment or share reaches other people (the people it mentions, the
 * article's sharers, the sharer's followers), so one account, or one leaked token, must not flood them. Counted per
 * user in PostgreSQL, so every replica sees one count, in fixed windows that start at the first post.
 */
function allowances(services: Services): { minute: Allowance; threeHours: Allowance } {
  const { commentsPerMinute, postsPer3Hours } = services.config;
  return {
    minute: { points: commentsPerMinute, windowSeconds: 60, refusal: `You can post at most ${commentsPerMinute} comments a minute.` },
    threeHours: {
      points: postsPer3Hours,
      windowSeconds: 3 * 60 * 60,
      refusal: `You can post at most ${postsPer3Hours} comments and shares in 3 hours.`,
    },
  };
}

const commentsKey = (viewer: Viewer) => `comments:user:${viewer.id}`;
const postsKey = (viewer: Viewer) => `posts:user:${viewer.id}`;

/**
 * Spends one of the viewer's comments or shares, or throws RateLimitedError (429, Retry-After): called once the post
 * is known to be valid and before anything of it is written, so a refused post leaves nothing behind. A comment counts
 * against both limits, the minute's first, so a comment refused for the minute leaves the 3 hours' allowance whole.
 */
export async function spendPostAllowance(services: Services, viewer: Viewer, kind: 'comment' | 'share'): Promise<void> {
  const limits = allowances(services);
  if (kind === 'comment') await spendAllowance(services, commentsKey(viewer), limits.minute);
  await spendAllowance(services, postsKey(viewer), limits.threeHours);
}

/** Throws as `spendPostAllowance` would for a share once the allowance is used up, without spending any of it. */
export async function assertShareAllowanceLeft(services: Services, viewer: Viewer): Promise<void> {
  await assertAllowanceLeft(services, postsKey(viewer), allowances(services).threeHours);
}
