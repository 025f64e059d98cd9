import type { LoadedList } from '../articles/readingContext';

/** A connection of shares as the list fragments select it. */
export type SharesConnection = {
  readonly edges: readonly { readonly node: { readonly article: { readonly id: string } } }[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor?: string | null };
  /** How many different articles the whole list is about, when the list's query asks. */
  readonly articleCount?: number;
};

/**
 * The articles of a list of shares in list order, each once: two people may share the same article, and the
 * reader finds its place by article, so a repeat would send j back to the first one. The total is the
 * connection's article count, or what the caller knows of the whole list (a profile's share count), and never
 * less than what is loaded.
 */
export function loadedShares({ edges, pageInfo, articleCount }: SharesConnection, knownTotal = articleCount ?? 0): LoadedList {
  const ids = [...new Set(edges.map(({ node }) => node.article.id))];
  return {
    ids,
    total: Math.max(knownTotal, ids.length),
    hasMore: pageInfo.hasNextPage,
    endCursor: pageInfo.endCursor ?? null,
  };
}
