import { graphql, loadQuery } from 'react-relay';
import { ConnectionHandler, ROOT_ID, type Environment } from 'relay-runtime';
import type { apiTokensQuery as ApiTokensQuery } from './__generated__/apiTokensQuery.graphql';

/** The viewer's personal API tokens, newest first (at most 50 exist, so one page holds them all). */
export const apiTokensQuery = graphql`
  query apiTokensQuery {
    apiTokens(first: 50) @connection(key: "ApiTokenList_apiTokens") {
      edges {
        node {
          id
          ...ApiTokenItem_token
        }
      }
    }
  }
`;

/** The list's connection in the store, where a token created anywhere on the screen is added. */
export const API_TOKENS_CONNECTION = ConnectionHandler.getConnectionID(ROOT_ID, 'ApiTokenList_apiTokens');

/** Starts loading the tokens as the route is entered. */
export function loadApiTokens(environment: Environment) {
  return loadQuery<ApiTokensQuery>(environment, apiTokensQuery, {}, { fetchPolicy: 'store-and-network' });
}
