import type { LoadedList } from '../articles/readingContext';

/** A connection of shares as the list fragments select it. */
export type SharesConnection = {
  readonly edges: readonly { readonly node: { readonly article: { readonly id: string } } }[];
  readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor?: string | null };
};

/**
 * The articles of a list of shares in list order, each once: two people may share the same article, and the
 * reader finds its place by article, so a repeat would send j back to the first one. The total is what the
 * caller knows of the whole list (a profile's share count), never less than what is loaded.
 */
export function loadedShares({ edges, pageInfo }: SharesConnection, knownTotal = 0): LoadedList {
  const ids = [...new Set(edges.map(({ node }) => node.article.id))];
  return {
    ids,
    total: Math.max(knownTotal, ids.length),
    hasMore: pageInfo.hasNextPage,
    endCursor: pageInfo.endCursor ?? null,
  };
}
