import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useEditCommentMutation } from './__generated__/useEditCommentMutation.graphql';

const mutation = graphql`
  mutation useEditCommentMutation($id: ID!, $content: String!) {
    editComment(id: $id, content: $content) {
      __typename
      ... on Comment {
        ...CommentItem_comment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

const FAILED = 'Failed to update comment';

/** Saves a comment's new text and says 'Comment updated' or 'Failed to update comment'. */
export function useEditComment(): [save: (id: string, content: string, onSaved: () => void) => void, saving: boolean] {
  const [commit, saving] = useMutation<useEditCommentMutation>(mutation);
  const save = useCallback(
    (id: string, content: string, onSaved: () => void) =>
      commit({
        variables: { id, content },
        ...toastOutcome((response: useEditCommentMutation['response']) => response.editComment, {
          expected: 'Comment',
          success: 'Comment updated',
          failure: FAILED,
          onSuccess: onSaved,
        }),
      }),
    [commit],
  );
  return [save, saving];
}
