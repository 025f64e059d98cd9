import { graphql } from 'react-relay';

/**
 * The reader's one query, preloaded by the /article/$id route. `@catch` tells a failed load (an error on the
 * field: spec part 1 §8 'Failed to load article') apart from an article that does not exist (null).
 */
export const readerQuery = graphql`
  query readerQuery($id: ID!) {
    article(id: $id) @catch(to: RESULT) {
      id
      isRead
      ...ReaderToolbar_article
      ...ArticleHeader_article
      ...ArticleContent_article
      ...ArticleComments_article
    }
  }
`;
