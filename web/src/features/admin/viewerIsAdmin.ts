import { fetchQuery, graphql } from 'react-relay';
import type { Environment } from 'relay-runtime';
import type { viewerIsAdminQuery } from './__generated__/viewerIsAdminQuery.graphql';

/** Whether the viewer administers the instance: from the store when the shell has loaded it, else from the server. */
export async function viewerIsAdmin(environment: Environment): Promise<boolean> {
  const data = await fetchQuery<viewerIsAdminQuery>(
    environment,
    graphql`
      query viewerIsAdminQuery {
        viewer {
          isAdmin
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  ).toPromise();
  return data?.viewer?.isAdmin === true;
}
