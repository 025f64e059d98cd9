import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { emitFeedsChanged } from '../feeds/feedsChanged';
import type { useSetSubscriptionMutedMutation } from './__generated__/useSetSubscriptionMutedMutation.graphql';
import { listsChanged } from './useSaveFilterRule';

const mutation = graphql`
  mutation useSetSubscriptionMutedMutation($id: ID!, $muted: Boolean!) {
    setSubscriptionMuted(id: $id, muted: $muted) {
      __typename
      ... on FeedSubscription {
        id
        muted
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Mutes or unmutes a subscription: a muted feed keeps its own list and count but leaves All, its folder and their
 * counts. The sidebar's mark changes at once; the lists read so far are marked stale and the one on screen reloads.
 */
export function useSetSubscriptionMuted(): (subscription: { id: string; title: string }, muted: boolean) => void {
  const [commit] = useMutation<useSetSubscriptionMutedMutation>(mutation);
  return useCallback(
    ({ id, title }: { id: string; title: string }, muted: boolean) =>
      commit({
        variables: { id, muted },
        optimisticResponse: { setSubscriptionMuted: { __typename: 'FeedSubscription', id, muted } },
        updater: (store, response) => {
          if (response?.setSubscriptionMuted.__typename === 'FeedSubscription') listsChanged(store);
        },
        ...toastOutcome((response: useSetSubscriptionMutedMutation['response']) => response.setSubscriptionMuted, {
          expected: 'FeedSubscription',
          success: muted ? `Muted “${title}”: its articles stay in its own list` : `Unmuted “${title}”`,
          failure: muted ? 'Failed to mute the feed' : 'Failed to unmute the feed',
          onSuccess: emitFeedsChanged,
        }),
      }),
    [commit],
  );
}
