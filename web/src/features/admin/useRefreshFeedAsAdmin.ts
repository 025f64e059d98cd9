import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRefreshFeedAsAdminMutation } from './__generated__/useRefreshFeedAsAdminMutation.graphql';

const mutation = graphql`
  mutation useRefreshFeedAsAdminMutation($id: ID!) {
    refreshFeedAsAdmin(id: $id) {
      __typename
      ... on RefreshFeedAsAdminPayload {
        title
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Queues a fetch of a feed now; the server answers once the job is queued, not fetched. */
export function useRefreshFeedAsAdmin(): [refresh: (id: string) => void, refreshing: boolean] {
  const [commit, refreshing] = useMutation<useRefreshFeedAsAdminMutation>(mutation);
  const refresh = useCallback(
    (id: string) =>
      commit({
        variables: { id },
        ...toastOutcome((response: useRefreshFeedAsAdminMutation['response']) => response.refreshFeedAsAdmin, {
          expected: 'RefreshFeedAsAdminPayload',
          success: (queued) => `Feed "${queued.title}" refresh queued`,
          failure: 'Failed to refresh feed',
        }),
      }),
    [commit],
  );
  return [refresh, refreshing];
}
