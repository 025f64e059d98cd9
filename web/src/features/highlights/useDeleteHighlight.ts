import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteHighlightMutation } from './__generated__/useDeleteHighlightMutation.graphql';

const mutation = graphql`
  mutation useDeleteHighlightMutation($id: ID!, $connections: [ID!]!) {
    deleteHighlight(id: $id) {
      __typename
      ... on DeleteHighlightPayload {
        deletedHighlightId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

const NO_CONNECTIONS: readonly string[] = [];

// The highlight leaves its article's list too, so the reader takes its marks away.
function leaveArticle(store: RecordSourceSelectorProxy, articleId: string | undefined, id: string) {
  const article = articleId ? store.get(articleId) : null;
  const highlights = article?.getLinkedRecords('highlights');
  if (article && highlights)
    article.setLinkedRecords(
      highlights.filter((highlight) => highlight?.getDataID() !== id),
      'highlights',
    );
}

/**
 * Deletes one of the viewer's highlights from its article (`articleId`) and from the connections named, and says
 * 'Highlight deleted' or 'Failed to delete highlight'.
 */
export function useDeleteHighlight(connections: readonly string[] = NO_CONNECTIONS): (id: string, articleId?: string) => void {
  const [commit] = useMutation<useDeleteHighlightMutation>(mutation);
  return useCallback(
    (id: string, articleId?: string) =>
      commit({
        variables: { id, connections: [...connections] },
        updater: (store, response) => {
          if (response?.deleteHighlight.__typename === 'DeleteHighlightPayload') leaveArticle(store, articleId, id);
        },
        ...toastOutcome((response: useDeleteHighlightMutation['response']) => response.deleteHighlight, {
          expected: 'DeleteHighlightPayload',
          success: 'Highlight deleted',
          failure: 'Failed to delete highlight',
        }),
      }),
    [commit, connections],
  );
}
