import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useSubscribeToFeedMutation } from './__generated__/useSubscribeToFeedMutation.graphql';
import { subscribeFailureText } from './detectFeeds';
import { useReloadFeeds } from './loadFeeds';

const mutation = graphql`
  mutation useSubscribeToFeedMutation($url: String!) {
    subscribeToFeed(url: $url) {
      __typename
      ... on SubscribeToFeedPayload {
        articlesAdded
        subscription {
          id
          title
          feed {
            id
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Subscribed = NonNullable<useSubscribeToFeedMutation['response']['subscribeToFeed']['subscription']>;

/**
 * Subscribes to a feed from Add Feed or the palette: says 'Feed subscribed!' and reloads Feeds & Folders,
 * or says why not ('Already subscribed to this feed', the server's reason, 'Failed to subscribe').
 */
export function useSubscribeToFeed(): [
  subscribe: (url: string, onSubscribed: (subscription: Subscribed) => void) => void,
  subscribing: boolean,
] {
  const reload = useReloadFeeds();
  const [commit, subscribing] = useMutation<useSubscribeToFeedMutation>(mutation);
  const subscribe = useCallback(
    (url: string, onSubscribed: (subscription: Subscribed) => void) =>
      commit({
        variables: { url },
        ...toastOutcome((response: useSubscribeToFeedMutation['response']) => response.subscribeToFeed, {
          expected: 'SubscribeToFeedPayload',
          success: 'Feed subscribed!',
          failure: 'Failed to subscribe',
          refusal: subscribeFailureText,
          onSuccess: ({ subscription }) => {
            if (subscription) onSubscribed(subscription);
            void reload();
          },
        }),
      }),
    [commit, reload],
  );
  return [subscribe, subscribing];
}
