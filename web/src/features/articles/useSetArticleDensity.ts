import { useCallback } from 'react';
import { lazyGraphQL } from '../../relay/lazyGraphQL';
import { useLazyMutation } from '../../relay/useLazyMutation';
import { toastOutcome } from '../../relay/toastOutcome';
import type { setArticleDensityMutation } from './__generated__/setArticleDensityMutation.graphql';

/** How the list draws its rows; anything the server may add later reads as cards. */
export type ArticleDensity = 'cards' | 'compact';
export const densityOf = (value: string | null | undefined): ArticleDensity => (value === 'compact' ? 'compact' : 'cards');

const mutation = lazyGraphQL(() => import('./setArticleDensityMutation').then((module) => module.setArticleDensityMutation));

/**
 * Switches the list's density at once and keeps it on the account (issue 15: remembered across reloads and
 * devices). Quiet when it works: the list has changed; a failure puts the old density back and says so.
 */
export function useSetArticleDensity(viewerId: string): (density: ArticleDensity) => void {
  const [commit] = useLazyMutation<setArticleDensityMutation>(mutation);
  return useCallback(
    (density: ArticleDensity) =>
      commit({
        variables: { density },
        optimisticResponse: { setArticleDensity: { __typename: 'User', id: viewerId, articleDensity: density } },
        ...toastOutcome((response: setArticleDensityMutation['response']) => response.setArticleDensity, {
          expected: 'User',
          success: null,
          failure: 'Failed to save the list view',
        }),
      }),
    [commit, viewerId],
  );
}
