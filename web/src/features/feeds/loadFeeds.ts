import { useCallback } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { rerunWhileRunning } from '../../relay/rerunWhileRunning';
import { notify } from '../../ui/toast';
import type { loadFeedsQuery } from './__generated__/loadFeedsQuery.graphql';

/**
 * The folders and root feeds of Feeds & Folders. Preloaded by the signed-in layout route next to the shell's
 * query, and kept separate from it: the server's depth limit counts each fragment spread as a level.
 */
export const feedsQuery = graphql`
  query loadFeedsQuery {
    ...FeedsAndFolders_query
  }
`;

// A reload asked for while one runs (a change during another's reload) runs again after it: the running one's answer
// may predate the change.
const reloadFeeds = rerunWhileRunning((environment: Environment) =>
  fetchQuery<loadFeedsQuery>(environment, feedsQuery, {}, { fetchPolicy: 'network-only' }).toPromise(),
);

/**
 * Reloads the folders and root feeds from the server into the store, so every view of them (sidebar and drawer)
 * updates without suspending. Used after changes that move subscriptions between lists (create, delete, move,
 * subscribe, unsubscribe, refresh): the lists are small, and a refetch keeps counts and order the server's.
 */
export function useReloadFeeds(): () => Promise<unknown> {
  const environment = useRelayEnvironment();
  return useCallback(() => reloadFeeds(environment).catch(() => notify.error('Failed to load feeds')), [environment]);
}
