import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteCommentMutation } from './__generated__/useDeleteCommentMutation.graphql';

// The payload's article brings the comments and counts as they now are, so the list and 'Comments (n)' follow.
const mutation = graphql`
  mutation useDeleteCommentMutation($id: ID!) {
    deleteComment(id: $id) {
      __typename
      ... on DeleteCommentPayload {
        article {
          ...ArticleComments_article
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

/** Deletes one of the viewer's comments (after its confirmation) and says 'Comment deleted' or 'Failed to delete comment' (§8). */
export function useDeleteComment(): (id: string) => void {
  const [commit] = useMutation<useDeleteCommentMutation>(mutation);
  return useCallback(
    (id: string) =>
      commit({
        variables: { id },
        ...toastOutcome((response: useDeleteCommentMutation['response']) => response.deleteComment, {
          expected: 'DeleteCommentPayload',
          success: 'Comment deleted',
          failure: FAILED,
        }),
      }),
    [commit],
  );
}
