import { graphql } from 'react-relay';

// Refresh all feeds: loaded apart from the screen that offers it (useRefreshAllFeeds.ts).
export const refreshAllFeedsMutation = graphql`
  mutation refreshAllFeedsMutation {
    refreshAllSubscriptions {
      __typename
      articlesAdded
      feedsRefreshed
      failed
      failedFeeds {
        title
      }
      alreadyRunning
    }
  }
`;
