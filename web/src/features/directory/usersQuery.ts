import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { usersQuery as UsersQuery } from './__generated__/usersQuery.graphql';

/** The users directory's one query: everyone else on the instance, by name, the first page (the list loads more on scroll). */
export const usersQuery = graphql`
  query usersQuery {
    ...UsersScreen_query
  }
`;

/** Starts loading the directory as its route is entered (or hovered); the store shows at once, the network refreshes it. */
export function loadUsers(environment: Environment) {
  return loadQuery<UsersQuery>(environment, usersQuery, {}, { fetchPolicy: 'store-and-network' });
}
