import { graphql } from 'react-relay';

// Live notifications: loaded apart from the first screen (useNotificationAddedSubscription.ts).
export const notificationAddedSubscription = graphql`
  subscription notificationAddedSubscription {
    notificationAdded {
      type
      content
      fromUser {
        username
      }
    }
  }
`;
