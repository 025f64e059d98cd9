/** What refreshAllSubscriptions answers. */
export type RefreshAllOutcome = {
  articlesAdded: number;
  alreadyRunning: boolean;
};

/** "1 new article", "3 new articles". */
export function newArticles(count: number): string {
  return `${count} new ${count === 1 ? 'article' : 'articles'}`;
}

/**
 * Spec part 1 §4 and §8: 'Found {n} new article(s)' or 'All feeds are up to date'. A refresh that was
 * already running (another tab or device started it) did nothing here, so it shows a quiet info line instead.
 */
export function refreshAllMessage(outcome: RefreshAllOutcome): {
  kind: 'success' | 'info';
  text: string;
} {
  if (outcome.alreadyRunning) return { kind: 'info', text: 'Feeds are already being refreshed' };
  if (outcome.articlesAdded > 0)
    return {
      kind: 'success',
      text: `Found ${newArticles(outcome.articlesAdded)}`,
    };
  return { kind: 'success', text: 'All feeds are up to date' };
}
