import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { usersQuery as UsersQuery } from './__generated__/usersQuery.graphql';

/** The users directory's one query: everyone else on the instance, by name, the first page (the list loads more on scroll). */
export const usersQuery = graphql`
  query usersQuery {
    ...UsersScreen_query
  }
`;

/**
 * Starts loading the directory as its route is entered (or hovered). Coming back to it (from a profile) shows the
 * pages already loaded, where the reader left them: a refresh would replace them with the first page alone.
 */
export function loadUsers(environment: Environment) {
  return loadQuery<UsersQuery>(environment, usersQuery, {}, { fetchPolicy: 'store-or-network' });
}
