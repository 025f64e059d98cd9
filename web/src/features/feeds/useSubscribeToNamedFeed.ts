import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { isAlreadySubscribed } from './detectFeeds';
import { useReloadFeeds } from './loadFeeds';
import type { useSubscribeToNamedFeedMutation } from './__generated__/useSubscribeToNamedFeedMutation.graphql';

const mutation = graphql`
  mutation useSubscribeToNamedFeedMutation($url: String!) {
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

export type NamedFeed = { url: string; title: string };

/**
 * Subscribes to a feed offered by name where it is mentioned (a comment's link, a digest's suggestion, the page in
 * the bookmarklet): 'Subscribed to {title}!' and Feeds & Folders reloaded (unless `reloadsFeeds` is false: the
 * bookmarklet's window shows no feeds, and its token may not read them); a server answer saying the viewer already
 * is subscribed counts as subscribed, told by `alreadyText` (the words differ by screen); anything else is
 * 'Failed to subscribe to feed' with the server's reason.
 */
export function useSubscribeToNamedFeed(
  alreadyText: (feed: NamedFeed) => string,
  { reloadsFeeds = true }: { reloadsFeeds?: boolean } = {},
): [subscribe: (feed: NamedFeed, onSubscribed: () => void) => void, subscribing: boolean] {
  const reloadFeeds = useReloadFeeds();
  const [commit, subscribing] = useMutation<useSubscribeToNamedFeedMutation>(mutation);
  const subscribe = useCallback(
    (feed: NamedFeed, onSubscribed: () => void) =>
      commit({
        variables: { url: feed.url },
        ...toastOutcome((response: useSubscribeToNamedFeedMutation['response']) => response.subscribeToFeed, {
          expected: 'SubscribeToFeedPayload',
          success: (done) => `Subscribed to ${done.subscription?.title || feed.title}!`,
          failure: 'Failed to subscribe to feed',
          refusal: (reason) =>
            isAlreadySubscribed(reason) ? alreadyText(feed) : { title: 'Failed to subscribe to feed', description: reason },
          onSuccess: () => {
            onSubscribed();
            if (reloadsFeeds) void reloadFeeds();
          },
          onFailure: (reason) => {
            if (isAlreadySubscribed(reason)) onSubscribed();
          },
        }),
      }),
    [commit, alreadyText, reloadFeeds, reloadsFeeds],
  );
  return [subscribe, subscribing];
}

/** What subscribing to a feed already followed says: "You're already subscribed to {title}". */
export const alreadySubscribedTo = (feed: NamedFeed) => `You're already subscribed to ${feed.title}`;
