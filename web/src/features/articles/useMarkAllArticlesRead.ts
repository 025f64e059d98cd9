import { useCallback } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { lazyGraphQL } from '../../relay/lazyGraphQL';
import { useLazyMutation } from '../../relay/useLazyMutation';
import { toastOutcome } from '../../relay/toastOutcome';
import { unreadCountsInStore } from '../feeds/lazyUnreadCounts';
import type { markAllArticlesReadMutation } from './__generated__/markAllArticlesReadMutation.graphql';
import { markedReadToast } from './listSummary';

const mutation = lazyGraphQL(() => import('./markAllArticlesReadMutation').then((module) => module.markAllArticlesReadMutation));

export type MarkAllScope = { feedId: string | null; folderId: string | null; beforeDate: string | null };

const FAILED = 'Failed to mark articles as read';

/**
 * Bulk Mark All as Read (spec part 1 §4) of one feed, one folder or everything, up to `beforeDate` (the newest
 * article the user has seen, so nothing that arrived since is marked unseen). The sidebar's counts of the scope go
 * to 0 at once (back on failure; the server's unread-counts event then sets them to what they are). Says how many
 * (§8), then `onDone` reloads the list.
 */
export function useMarkAllArticlesRead(onDone: () => void): [(scope: MarkAllScope) => void, boolean] {
  const environment = useRelayEnvironment();
  const [commit, inFlight] = useLazyMutation<markAllArticlesReadMutation>(mutation);
  const markAll = useCallback(
    (scope: MarkAllScope) => {
      const undoCounts = unreadCountsInStore()?.countAllRead(environment, scope) ?? (() => {});
      commit({
        variables: scope,
        ...toastOutcome((response: markAllArticlesReadMutation['response']) => response.markAllArticlesRead, {
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
