import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { invalidateOtherCopies } from '../comments/otherCopies';
import type { useShareArticleMutation } from './__generated__/useShareArticleMutation.graphql';
import type { ShareDraft } from './shareDraft';

// The share's article brings its shares and counts as they now are: the note joins the reader's comments at once.
const mutation = graphql`
  mutation useShareArticleMutation($input: ShareArticleInput!, $commentsFirst: Int = 30, $sharesFirst: Int = 100) {
    shareArticle(input: $input) {
      __typename
      ... on Share {
        article {
          ...ArticleComments_article @arguments(first: $commentsFirst, sharesFirst: $sharesFirst)
          ...ShareDialog_article @arguments(sharesFirst: $sharesFirst)
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

const FAILED = 'Failed to share article';

/**
 * Shares an article with a note, privately or publicly, or updates the viewer's share; the server reads who
 * the note mentions from the note itself. Says 'Article shared!' or 'Failed to share article'.
 */
export function useShareArticle(): [share: (articleId: string, draft: ShareDraft, onShared: () => void) => void, sharing: boolean] {
  const [commit, sharing] = useMutation<useShareArticleMutation>(mutation);
  const share = useCallback(
    (articleId: string, { note, isPublic }: ShareDraft, onShared: () => void) => {
      commit({
        variables: { input: { articleId, note, isPublic } },
        updater: (store, response) => {
          if (response?.shareArticle.__typename === 'Share') invalidateOtherCopies(store, articleId);
        },
        ...toastOutcome((response: useShareArticleMutation['response']) => response.shareArticle, {
          expected: 'Share',
          success: 'Article shared!',
          failure: FAILED,
          onSuccess: onShared,
        }),
      });
    },
    [commit],
  );
  return [share, sharing];
}
