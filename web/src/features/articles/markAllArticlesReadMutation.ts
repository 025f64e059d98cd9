import { graphql } from 'react-relay';

// Mark All as Read: loaded apart from the screen that offers it (useMarkAllArticlesRead.ts).
export const markAllArticlesReadMutation = graphql`
  mutation markAllArticlesReadMutation($feedId: ID, $folderId: ID, $beforeDate: DateTime) {
    markAllArticlesRead(feedId: $feedId, folderId: $folderId, beforeDate: $beforeDate) {
      __typename
      ... on MarkAllArticlesReadPayload {
        markedCount
      }
      ... on Error {
        message
      }
    }
  }
`;
