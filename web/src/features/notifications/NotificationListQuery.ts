import { graphql } from 'react-relay';

/**
 * The bell's count and the newest groups: polled and refetched by the shell, shown by the panel's list. The
 * connection sits in the query itself, not in a fragment of Query: the API's cost limit counts each fragment level
 * as one more level of depth, and 20 notifications a fragment deeper exceed it.
 */
export const notificationListQuery = graphql`
  query NotificationListQuery {
    ...NotificationBell_query
    # Notifications load 20 groups at a time.
    notificationGroups(first: 20) @connection(key: "NotificationList_notificationGroups") {
      edges {
        node {
          id
          ...NotificationItem_group
        }
      }
    }
  }
`;
