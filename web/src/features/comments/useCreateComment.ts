import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import type { useCreateCommentMutation } from './__generated__/useCreateCommentMutation.graphql';
import { mentionedUsernames } from './mentions';

const mutation = graphql`
  mutation useCreateCommentMutation($input: CreateCommentInput!) {
    createComment(input: $input) {
      __typename
      ... on Comment {
        id
        createdAt
        ...CommentItem_comment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

const FAILED = 'Failed to add comment';

/**
 * The new comment joins the front of the article's comments (they are newest first) and its comment count. The
 * payload is the comment alone, without its article, so this is one of the few hand-written store updates.
 */
function addToArticle(store: RecordSourceSelectorProxy, articleId: string) {
  const comment = store.getRootField('createComment');
  const article = store.get(articleId);
  if (!comment || !article) return;
  article.setLinkedRecords([comment, ...(article.getLinkedRecords('comments') ?? [])], 'comments');
  const counts = article.getLinkedRecord('counts');
  const count = counts?.getValue('comments');
  if (typeof count === 'number') counts!.setValue(count + 1, 'comments');
}

/**
 * Posts a comment on an article (spec part 1 §2, Reader), with the usernames it mentions when there are any (§5).
 * Says 'Comment added' or 'Failed to add comment' (§8) and calls `onPosted` once the server has it.
 */
export function useCreateComment(articleId: string): [post: (content: string, onPosted: () => void) => void, posting: boolean] {
  const [commit, posting] = useMutation<useCreateCommentMutation>(mutation);
  const post = useCallback(
    (content: string, onPosted: () => void) => {
      const mentions = mentionedUsernames(content);
      commit({
        variables: { input: { articleId, content, ...(mentions.length > 0 ? { mentions } : {}) } },
        updater: (store, data) => {
          if (data?.createComment.__typename === 'Comment') addToArticle(store, articleId);
        },
        ...toastOutcome((response: useCreateCommentMutation['response']) => response.createComment, {
          expected: 'Comment',
          success: 'Comment added',
          failure: FAILED,
          onSuccess: onPosted,
        }),
      });
    },
    [articleId, commit],
  );
  return [post, posting];
}
