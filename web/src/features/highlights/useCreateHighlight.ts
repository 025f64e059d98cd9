import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { TextSelector } from './anchoring';
import type { useCreateHighlightMutation } from './__generated__/useCreateHighlightMutation.graphql';

// The answer brings the article's highlights as they now are, so the reader draws the new one at once.
const mutation = graphql`
  mutation useCreateHighlightMutation(
    $articleId: ID!
    $exact: String!
    $prefix: String
    $suffix: String
    $start: Int
    $end: Int
    $note: String
  ) {
    createHighlight(articleId: $articleId, exact: $exact, prefix: $prefix, suffix: $suffix, start: $start, end: $end, note: $note) {
      __typename
      ... on Highlight {
        id
        article {
          id
          ...ArticleHighlights_article
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Highlights a passage of the article, with a note or none, and says 'Highlighted' or 'Failed to highlight';
 * `onCreated` receives the new highlight's id (to share it as a quote at once).
 */
export function useCreateHighlight(
  articleId: string,
): (selector: TextSelector, note: string | null, onCreated?: (id: string) => void) => void {
  const [commit] = useMutation<useCreateHighlightMutation>(mutation);
  return useCallback(
    (selector: TextSelector, note: string | null, onCreated?: (id: string) => void) =>
      commit({
        variables: { articleId, ...selector, note },
        ...toastOutcome((response: useCreateHighlightMutation['response']) => response.createHighlight, {
          expected: 'Highlight',
          success: 'Highlighted',
          failure: 'Failed to highlight',
          onSuccess: (created) => {
            if (created.id) onCreated?.(created.id);
          },
        }),
      }),
    [commit, articleId],
  );
}
