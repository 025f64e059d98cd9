import type { Services } from '../core/services.ts';

/** How many of a feed's articles have their full text read, queued or being read, and failed. */
export type FullTextProgress = { pending: number; done: number; failed: number };

/** The progress of each feed of `feedIds`, in order, in one statement (the feed's index on ArticleFullText). */
export async function fullTextProgress(services: Pick<Services, 'db'>, feedIds: readonly string[]): Promise<FullTextProgress[]> {
  const rows = await services.db.articleFullText.groupBy({
    by: ['feedId', 'status'],
    where: { feedId: { in: [...feedIds] } },
    _count: true,
  });
  return feedIds.map((feedId) => {
    const progress: FullTextProgress = { pending: 0, done: 0, failed: 0 };
    for (const row of rows) if (row.feedId === feedId) progress[row.status] = row._count;
    return progress;
  });
}
