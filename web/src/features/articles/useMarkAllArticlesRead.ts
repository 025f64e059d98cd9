import { useCallback } from 'react';
import { lazyGraphQL } from '../../relay/lazyGraphQL';
import { useLazyMutation } from '../../relay/useLazyMutation';
import { toastOutcome } from '../../relay/toastOutcome';
import type { markAllArticlesReadMutation } from './__generated__/markAllArticlesReadMutation.graphql';
import { markedReadToast } from './listSummary';

const mutation = lazyGraphQL(() => import('./markAllArticlesReadMutation').then((module) => module.markAllArticlesReadMutation));

export type MarkAllScope = { feedId: string | null; folderId: string | null; beforeDate: string | null };

const FAILED = 'Failed to mark articles as read';

/**
 * Bulk Mark All as Read (spec part 1 §4) of one feed, one folder or everything, up to `beforeDate` (the newest
 * article the user has seen, so nothing that arrived since is marked unseen). Says how many (§8), then
 * `onDone` reloads the list.
 */
export function useMarkAllArticlesRead(onDone: () => void): [(scope: MarkAllScope) => void, boolean] {
  const [commit, inFlight] = useLazyMutation<markAllArticlesReadMutation>(mutation);
  const markAll = useCallback(
    (scope: MarkAllScope) =>
      commit({
        variables: scope,
        ...toastOutcome((response: markAllArticlesReadMutation['response']) => response.markAllArticlesRead, {
          expected: 'MarkAllArticlesReadPayload',
          success: ({ markedCount }) => markedReadToast(markedCount ?? 0),
          failure: FAILED,
          onSuccess: onDone,
        }),
      }),
    [commit, onDone],
  );
  return [markAll, inFlight];
}
