import { graphql } from 'react-relay';

// the list density: loaded apart from the screen that offers it (useSetArticleDensity.ts).
export const setArticleDensityMutation = graphql`
  mutation setArticleDensityMutation($density: ArticleDensity!) {
    setArticleDensity(density: $density) {
      __typename
      ... on User {
        id
        articleDensity
      }
      ... on Error {
        message
      }
    }
  }
`;
