import { graphql } from 'react-relay';

// The mutations of an article's flags, loaded apart from the list that offers them (useArticleActions.ts).

export const likeMutation = graphql`
  mutation articleFlagsLikeMutation($id: ID!) {
    likeArticle(id: $id) {
      __typename
      ... on Article {
        id
        isLiked
        counts {
          comments
          shares
          likes
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const unlikeMutation = graphql`
  mutation articleFlagsUnlikeMutation($id: ID!) {
    unlikeArticle(id: $id) {
      __typename
      ... on Article {
        id
        isLiked
        counts {
          comments
          shares
          likes
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const starMutation = graphql`
  mutation articleFlagsStarMutation($id: ID!) {
    starArticle(id: $id) {
      __typename
      ... on Article {
        id
        starred
      }
      ... on Error {
        message
      }
    }
  }
`;

export const unstarMutation = graphql`
  mutation articleFlagsUnstarMutation($id: ID!) {
    unstarArticle(id: $id) {
      __typename
      ... on Article {
        id
        starred
      }
      ... on Error {
        message
      }
    }
  }
`;

export const markReadMutation = graphql`
  mutation articleFlagsMarkReadMutation($id: ID!) {
    markArticleRead(id: $id) {
      __typename
      ... on Article {
        id
        isRead
      }
      ... on Error {
        message
      }
    }
  }
`;

export const markUnreadMutation = graphql`
  mutation articleFlagsMarkUnreadMutation($id: ID!) {
    markArticleUnread(id: $id) {
      __typename
      ... on Article {
        id
        isRead
      }
      ... on Error {
        message
      }
    }
  }
`;
