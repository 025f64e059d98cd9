/** What refreshAllSubscriptions answers. */
export type RefreshAllOutcome = {
  articlesAdded: number;
  alreadyRunning: boolean;
  failedFeeds: readonly { readonly title: string }[];
};

/** "1 new article", "3 new articles". */
export function newArticles(count: number): string {
  return `${count} new ${count === 1 ? 'article' : 'articles'}`;
}

const TITLES_SHOWN = 3;

/** "A, B and C." or "A, B, C and 2 more." */
function failedTitles(feeds: RefreshAllOutcome['failedFeeds']): string {
  const titles = feeds.slice(0, TITLES_SHOWN).map((feed) => feed.title);
  const more = feeds.length - titles.length;
  if (more > 0) return `${titles.join(', ')} and ${more} more.`;
  return titles.length === 1 ? `${titles[0]}.` : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}.`;
}

/**
 * What a refresh of all feeds says: 'Found {n} new article(s)' or 'All feeds are up to date'. A refresh that was
 * already running (another tab or device started it) did nothing here, so it shows a quiet info line instead.
 * Feeds that failed are the headline ('2 feeds failed to refresh'), with what was new under it: a refresh
 * that failed somewhere is never "up to date".
 */
export function refreshAllMessage(outcome: RefreshAllOutcome): {
  kind: 'success' | 'info' | 'error';
  text: string;
  description?: string;
} {
  if (outcome.alreadyRunning) return { kind: 'info', text: 'Feeds are already being refreshed' };
  const failed = outcome.failedFeeds.length;
  if (failed > 0)
    return {
      kind: 'error',
      text: `${failed} ${failed === 1 ? 'feed' : 'feeds'} failed to refresh`,
      description: [failedTitles(outcome.failedFeeds), outcome.articlesAdded > 0 && `Found ${newArticles(outcome.articlesAdded)}.`]
        .filter(Boolean)
        .join(' '),
    };
  if (outcome.articlesAdded > 0)
    return {
      kind: 'success',
      text: `Found ${newArticles(outcome.articlesAdded)}`,
    };
  return { kind: 'success', text: 'All feeds are up to date' };
}
