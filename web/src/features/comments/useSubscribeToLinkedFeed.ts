import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { useReloadFeeds } from '../feeds/loadFeeds';
import type { useSubscribeToLinkedFeedMutation } from './__generated__/useSubscribeToLinkedFeedMutation.graphql';

const mutation = graphql`
  mutation useSubscribeToLinkedFeedMutation($url: String!) {
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
 * Subscribes to a feed a comment links to (spec part 1 §2, Reader): 'Subscribed to <title>!' and Feeds & Folders
 * reloaded; a server answer saying the viewer already is subscribed counts as subscribed too (§8).
 */
export function useSubscribeToLinkedFeed(
  feedUrl: string,
  name: string,
  onSubscribed: () => void,
): [subscribe: () => void, subscribing: boolean] {
  const reloadFeeds = useReloadFeeds();
  const [commit, subscribing] = useMutation<useSubscribeToLinkedFeedMutation>(mutation);
  const subscribe = useCallback(
    () =>
      commit({
        variables: { url: feedUrl },
        ...toastOutcome((response: useSubscribeToLinkedFeedMutation['response']) => response.subscribeToFeed, {
          expected: 'SubscribeToFeedPayload',
          success: (done) => `Subscribed to ${done.subscription?.title || name}!`,
          failure: 'Failed to subscribe to feed',
          refusal: (reason) =>
            ALREADY_SUBSCRIBED.test(reason ?? '')
              ? 'Already subscribed to this feed'
              : { title: 'Failed to subscribe to feed', description: reason },
          onSuccess: () => {
            onSubscribed();
            void reloadFeeds();
          },
          onFailure: (reason) => {
            if (ALREADY_SUBSCRIBED.test(reason ?? '')) onSubscribed();
          },
        }),
      }),
    [commit, feedUrl, name, onSubscribed, reloadFeeds],
  );
  return [subscribe, subscribing];
}
