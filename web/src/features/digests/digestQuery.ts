import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { digestQuery as DigestQuery } from './__generated__/digestQuery.graphql';

/** One digest by its global id (null when it is not the viewer's). */
export const digestQuery = graphql`
  query digestQuery($id: ID!) {
    node(id: $id) {
      ...DigestDetail_digest @alias(as: "digest")
    }
  }
`;

export function loadDigest(environment: Environment, id: string) {
  return loadQuery<DigestQuery>(environment, digestQuery, { id }, { fetchPolicy: 'store-or-network' });
}
