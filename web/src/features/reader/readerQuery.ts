import { graphql } from 'react-relay';

/**
 * The page sizes of the conversation are variables, not literals: GraphQL Armor's cost rule multiplies a literal
 * `first` into the cost (a hundred shares would price the page over the limit) and the server caps each list anyway.
 *
 * The reader's one query, preloaded by the /article/$id route. `@catch` tells a failed load (an error on the
 * field: 'Failed to load article') apart from an article that does not exist (null) or an id the server refuses as
 * malformed (a mangled link), which is not found too.
 */
export const readerQuery = graphql`
  query readerQuery($id: ID!, $commentsFirst: Int = 30, $sharesFirst: Int = 100) {
    article(id: $id) @catch(to: RESULT) {
      id
      isRead
      ...ReaderToolbar_article @arguments(sharesFirst: $sharesFirst)
      ...ArticleHeader_article
      ...ArticleEnclosures_article
      ...ArticleContent_article
      ...DiscussionLink_article
      ...ArticleComments_article @arguments(first: $commentsFirst, sharesFirst: $sharesFirst)
    }
  }
`;
