import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useMoveSubscriptionToFolderMutation } from './__generated__/useMoveSubscriptionToFolderMutation.graphql';
import type { useMoveSubscriptionToRootMutation } from './__generated__/useMoveSubscriptionToRootMutation.graphql';
import { emitFeedsChanged } from './feedsChanged';
import { useReloadFeeds } from './loadFeeds';

const toFolderMutation = graphql`
  mutation useMoveSubscriptionToFolderMutation($subscriptionId: ID!, $folderId: ID!) {
    moveSubscriptionToFolder(subscriptionId: $subscriptionId, folderId: $folderId) {
      __typename
      ... on FeedSubscription {
        id
        folder {
          id
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const toRootMutation = graphql`
  mutation useMoveSubscriptionToRootMutation($subscriptionId: ID!) {
    removeSubscriptionFromFolder(subscriptionId: $subscriptionId) {
      __typename
      ... on FeedSubscription {
        id
        folder {
          id
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const texts = { expected: 'FeedSubscription', success: 'Feed moved!', failure: 'Failed to move feed' } as const;

/**
 * Moves a subscription into a folder, or to the root level when folderId is null (by drag and drop): 'Feed
 * moved!' and the lists reload (a folder's article list gains or loses its articles), or 'Failed to move feed'.
 */
export function useMoveSubscription(): (subscriptionId: string, folderId: string | null) => void {
  const reload = useReloadFeeds();
  const [commitToFolder] = useMutation<useMoveSubscriptionToFolderMutation>(toFolderMutation);
  const [commitToRoot] = useMutation<useMoveSubscriptionToRootMutation>(toRootMutation);
  return useCallback(
    (subscriptionId: string, folderId: string | null) => {
      const onSuccess = () => {
        void reload();
        emitFeedsChanged();
      };
      if (folderId) {
        commitToFolder({
          variables: { subscriptionId, folderId },
          ...toastOutcome((response: useMoveSubscriptionToFolderMutation['response']) => response.moveSubscriptionToFolder, {
            ...texts,
            onSuccess,
          }),
        });
      } else {
        commitToRoot({
          variables: { subscriptionId },
          ...toastOutcome((response: useMoveSubscriptionToRootMutation['response']) => response.removeSubscriptionFromFolder, {
            ...texts,
            onSuccess,
          }),
        });
      }
    },
    [commitToFolder, commitToRoot, reload],
  );
}
