import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { notify } from '../../ui/toast';
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

/** Saves a comment's new text (spec part 1 §4) and says 'Comment updated' or 'Failed to update comment' (§8). */
export function useEditComment(): [save: (id: string, content: string, onSaved: () => void) => void, saving: boolean] {
  const [commit, saving] = useMutation<useEditCommentMutation>(mutation);
  const save = useCallback(
    (id: string, content: string, onSaved: () => void) =>
      commit({
        variables: { id, content },
        onCompleted: ({ editComment: answer }) => {
          if (answer.__typename !== 'Comment') return notify.error(FAILED, { description: answer.message });
          notify.success('Comment updated');
          onSaved();
        },
        onError: () => notify.error(FAILED),
      }),
    [commit],
  );
  return [save, saving];
}
