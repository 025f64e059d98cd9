import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { invalidateOtherCopies } from './otherCopies';
import type { useDeleteCommentMutation } from './__generated__/useDeleteCommentMutation.graphql';

// The deleted comment leaves the list it was in; the payload's article brings the counts as they now are.
const mutation = graphql`
  mutation useDeleteCommentMutation($id: ID!, $connections: [ID!]!) {
    deleteComment(id: $id) {
      __typename
      ... on DeleteCommentPayload {
        deletedCommentId @deleteEdge(connections: $connections)
        article {
          id
          counts {
            comments
            shares
            likes
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const FAILED = 'Failed to delete comment';

/**
 * Deletes one of the viewer's comments (after its confirmation) from the comments connection `connectionId`
 * and says 'Comment deleted' or 'Failed to delete comment'.
 */
export function useDeleteComment(connectionId: string): (id: string) => void {
  const [commit] = useMutation<useDeleteCommentMutation>(mutation);
  return useCallback(
    (id: string) =>
      commit({
        variables: { id, connections: [connectionId] },
        // The other copies' readers still list the comment.
        updater: (store, response) => invalidateOtherCopies(store, response?.deleteComment.article?.id),
        ...toastOutcome((response: useDeleteCommentMutation['response']) => response.deleteComment, {
          expected: 'DeleteCommentPayload',
          success: 'Comment deleted',
          failure: FAILED,
        }),
      }),
    [commit, connectionId],
  );
}
