import { graphql } from 'react-relay';

// The unread counts: loaded apart from the first screen (useUnreadCountsSubscription.ts).
export const unreadCountsSubscription = graphql`
  subscription unreadCountsSubscription {
    unreadCountsChanged {
      subscriptions {
        subscriptionId
        unreadCount
      }
      folders {
        folderId
        unreadCount
      }
    }
  }
`;
