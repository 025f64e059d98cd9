import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useSetArticleDensityMutation } from './__generated__/useSetArticleDensityMutation.graphql';

/** How the list draws its rows; anything the server may add later reads as cards. */
export type ArticleDensity = 'cards' | 'compact';
export const densityOf = (value: string | null | undefined): ArticleDensity => (value === 'compact' ? 'compact' : 'cards');

const mutation = graphql`
  mutation useSetArticleDensityMutation($density: ArticleDensity!) {
    setArticleDensity(density: $density) {
      __typename
      ... on User {
        id
        articleDensity
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Switches the list's density at once and keeps it on the account, so that it is remembered across reloads and
 * devices. Quiet when it works: the list has changed; a failure puts the old density back and says so.
 */
export function useSetArticleDensity(viewerId: string): (density: ArticleDensity) => void {
  const [commit] = useMutation<useSetArticleDensityMutation>(mutation);
  return useCallback(
    (density: ArticleDensity) =>
      commit({
        variables: { density },
        optimisticResponse: { setArticleDensity: { __typename: 'User', id: viewerId, articleDensity: density } },
        ...toastOutcome((response: useSetArticleDensityMutation['response']) => response.setArticleDensity, {
          expected: 'User',
          success: null,
          failure: 'Failed to save the list view',
        }),
      }),
    [commit, viewerId],
  );
}
