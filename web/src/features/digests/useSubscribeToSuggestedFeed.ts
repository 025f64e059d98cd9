import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { useReloadFeeds } from '../feeds/loadFeeds';
import type { useSubscribeToSuggestedFeedMutation } from './__generated__/useSubscribeToSuggestedFeedMutation.graphql';

const mutation = graphql`
  mutation useSubscribeToSuggestedFeedMutation($url: String!) {
    subscribeToFeed(url: $url) {
      __typename
      ... on SubscribeToFeedPayload {
        subscription {
          title
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const ALREADY_SUBSCRIBED = /already subscribed/i;

/**
 * Subscribes to a feed a digest suggests (spec part 2 §2, §8): 'Subscribed to {title}!' and the sidebar reloaded, or
 * "You're already subscribed to {title}" (which also counts as done), or 'Failed to subscribe to feed'.
 */
export function useSubscribeToSuggestedFeed(url: string, title: string, onDone: () => void): [subscribe: () => void, subscribing: boolean] {
  const reloadFeeds = useReloadFeeds();
  const [commit, subscribing] = useMutation<useSubscribeToSuggestedFeedMutation>(mutation);
  const subscribe = useCallback(
    () =>
      commit({
        variables: { url },
        ...toastOutcome((response: useSubscribeToSuggestedFeedMutation['response']) => response.subscribeToFeed, {
          expected: 'SubscribeToFeedPayload',
          success: (done) => `Subscribed to ${done.subscription?.title || title}!`,
          failure: 'Failed to subscribe to feed',
          refusal: (reason) =>
            ALREADY_SUBSCRIBED.test(reason ?? '')
              ? `You're already subscribed to ${title}`
              : { title: 'Failed to subscribe to feed', description: reason },
          onSuccess: () => {
            onDone();
            void reloadFeeds();
          },
          onFailure: (reason) => {
            if (ALREADY_SUBSCRIBED.test(reason ?? '')) onDone();
          },
        }),
      }),
    [commit, url, title, onDone, reloadFeeds],
  );
  return [subscribe, subscribing];
}
