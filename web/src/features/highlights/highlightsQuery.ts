import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { highlightsQuery as HighlightsQuery } from './__generated__/highlightsQuery.graphql';

/** Highlights per page: a screenful and more, under the server's largest page. */
export const HIGHLIGHTS_PAGE_SIZE = 30;

/** The Highlights screen's one query: the first page of the viewer's highlights, newest first. */
export const highlightsQuery = graphql`
  query highlightsQuery($first: Int!) {
    ...HighlightList_query @arguments(first: $first)
  }
`;

/**
 * Starts loading the Highlights screen as its route is entered (or hovered): what the store holds shows at once and
 * the network brings it up to date (a highlight made or deleted in the reader meanwhile).
 */
export function loadHighlights(environment: Environment) {
  return loadQuery<HighlightsQuery>(environment, highlightsQuery, { first: HIGHLIGHTS_PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
}
