import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { invalidateOtherCopies } from './otherCopies';
import type { useCreateCommentMutation } from './__generated__/useCreateCommentMutation.graphql';

// The new comment's edge joins the front of the article's comments (they are newest first) and the article
// brings its comment count as it now is.
const mutation = graphql`
  mutation useCreateCommentMutation($input: CreateCommentInput!, $connections: [ID!]!) {
    createComment(input: $input) {
      __typename
      ... on CreateCommentPayload {
        commentEdge @prependEdge(connections: $connections) {
          cursor
          node {
            id
            createdAt
            ...CommentItem_comment
          }
        }
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

const FAILED = 'Failed to add comment';

/**
 * Posts a comment on an article into the comments connection `connectionId`. The server reads the mentions from
 * the text, so none are sent. Says 'Comment added' or 'Failed to add comment' and calls `onPosted` once the
 * server has it.
 */
export function useCreateComment(
  articleId: string,
  connectionId: string,
): [post: (content: string, onPosted: () => void) => void, posting: boolean] {
  const [commit, posting] = useMutation<useCreateCommentMutation>(mutation);
  const post = useCallback(
    (content: string, onPosted: () => void) => {
      commit({
        variables: { input: { articleId, content }, connections: [connectionId] },
        updater: (store, response) => {
          if (response?.createComment.__typename === 'CreateCommentPayload') invalidateOtherCopies(store, articleId);
        },
        ...toastOutcome((response: useCreateCommentMutation['response']) => response.createComment, {
          expected: 'CreateCommentPayload',
          success: 'Comment added',
          failure: FAILED,
          onSuccess: onPosted,
        }),
      });
    },
    [articleId, connectionId, commit],
  );
  return [post, posting];
}
