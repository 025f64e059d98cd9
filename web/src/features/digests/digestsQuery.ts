import { graphql, loadQuery } from 'react-relay';
import { ConnectionHandler, ROOT_ID, type Environment } from 'relay-runtime';
import type { digestsQuery as DigestsQuery } from './__generated__/digestsQuery.graphql';

/** The digest list's one query: the first page of digests and the first-digest checklist. */
export const digestsQuery = graphql`
  query digestsQuery {
    ...DigestListScreen_query
    firstDigestStatus {
      hasDigests
      ...FirstDigestChecklist_status
    }
  }
`;

/** The list's connection in the store, which a deleted digest leaves. */
export const DIGESTS_CONNECTION = ConnectionHandler.getConnectionID(ROOT_ID, 'DigestListScreen_digests');

/** Starts loading the list as its route is entered; the network always refreshes it (a digest may have arrived). */
export function loadDigests(environment: Environment) {
  return loadQuery<DigestsQuery>(environment, digestsQuery, {}, { fetchPolicy: 'store-and-network' });
}
