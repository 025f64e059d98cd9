import { useCallback } from 'react';
import { graphql, useMutation, useRelayEnvironment } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { countAllRead } from '../feeds/unreadCountsInStore';
import type { useMarkAllArticlesReadMutation } from './__generated__/useMarkAllArticlesReadMutation.graphql';
import { markedReadToast } from './listSummary';

const mutation = graphql`
  mutation useMarkAllArticlesReadMutation($feedId: ID, $folderId: ID, $beforeDate: DateTime) {
    markAllArticlesRead(feedId: $feedId, folderId: $folderId, beforeDate: $beforeDate) {
      __typename
      ... on MarkAllArticlesReadPayload {
        markedCount
      }
      ... on Error {
        message
      }
    }
  }
`;

export type MarkAllScope = { feedId: string | null; folderId: string | null; beforeDate: string | null };

const FAILED = 'Failed to mark articles as read';

/**
 * Bulk Mark All as Read of one feed, one folder or everything, up to `beforeDate` (the newest
 * article the user has seen, so nothing that arrived since is marked unseen). The sidebar's counts of the scope go
 * to 0 at once (back on failure; the server's unread-counts event then sets them to what they are). Says how many
 * in a toast, then `onDone` reloads the list.
 */
export function useMarkAllArticlesRead(onDone: () => void): [(scope: MarkAllScope) => void, boolean] {
  const environment = useRelayEnvironment();
  const [commit, inFlight] = useMutation<useMarkAllArticlesReadMutation>(mutation);
  const markAll = useCallback(
    (scope: MarkAllScope) => {
      const undoCounts = countAllRead(environment, scope);
      commit({
        variables: scope,
        ...toastOutcome((response: useMarkAllArticlesReadMutation['response']) => response.markAllArticlesRead, {
          expected: 'MarkAllArticlesReadPayload',
          success: ({ markedCount }) => markedReadToast(markedCount ?? 0),
          failure: FAILED,
          onSuccess: onDone,
          onFailure: undoCounts,
        }),
      });
    },
    [environment, commit, onDone],
  );
  return [markAll, inFlight];
}
