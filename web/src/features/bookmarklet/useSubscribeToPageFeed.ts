import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { isAlreadySubscribed, type FeedCandidate } from '../feeds/detectFeeds';
import type { useSubscribeToPageFeedMutation } from './__generated__/useSubscribeToPageFeedMutation.graphql';

const mutation = graphql`
  mutation useSubscribeToPageFeedMutation($url: String!) {
    subscribeToFeed(url: $url) {
      __typename
      ... on SubscribeToFeedPayload {
        subscription {
          id
          title
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Subscribes to a feed the page advertises, from the bookmarklet's window (spec part 2 §8): 'Subscribed to
 * {title}!', "You're already subscribed to {title}" (also counted as subscribed), else the server's reason under
 * 'Failed to subscribe to feed'.
 */
export function useSubscribeToPageFeed(): [subscribe: (feed: FeedCandidate, onSubscribed: () => void) => void, subscribing: boolean] {
  const [commit, subscribing] = useMutation<useSubscribeToPageFeedMutation>(mutation);
  const subscribe = useCallback(
    (feed: FeedCandidate, onSubscribed: () => void) =>
      commit({
        variables: { url: feed.url },
        ...toastOutcome((response: useSubscribeToPageFeedMutation['response']) => response.subscribeToFeed, {
          expected: 'SubscribeToFeedPayload',
          success: (done) => `Subscribed to ${done.subscription?.title ?? feed.title}!`,
          failure: 'Failed to subscribe to feed',
          refusal: (reason) =>
            isAlreadySubscribed(reason)
              ? `You're already subscribed to ${feed.title}`
              : { title: 'Failed to subscribe to feed', description: reason },
          onSuccess: onSubscribed,
          onFailure: (reason) => {
            if (isAlreadySubscribed(reason)) onSubscribed();
          },
        }),
      }),
    [commit],
  );
  return [subscribe, subscribing];
}
