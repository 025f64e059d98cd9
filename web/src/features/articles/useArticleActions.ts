import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import { toggledLike, type LikeableArticle } from './likeToggle';
import type { useArticleActionsLikeMutation } from './__generated__/useArticleActionsLikeMutation.graphql';
import type { useArticleActionsMarkReadMutation } from './__generated__/useArticleActionsMarkReadMutation.graphql';
import type { useArticleActionsStarMutation } from './__generated__/useArticleActionsStarMutation.graphql';
import type { useArticleActionsUnstarMutation } from './__generated__/useArticleActionsUnstarMutation.graphql';
import type { useArticleActionsMarkUnreadMutation } from './__generated__/useArticleActionsMarkUnreadMutation.graphql';
import type { useArticleActionsUnlikeMutation } from './__generated__/useArticleActionsUnlikeMutation.graphql';

const likeMutation = graphql`
  mutation useArticleActionsLikeMutation($id: ID!) {
    likeArticle(id: $id) {
      __typename
      ... on Article {
        id
        isLiked
        counts {
          comments
          shares
          likes
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const unlikeMutation = graphql`
  mutation useArticleActionsUnlikeMutation($id: ID!) {
    unlikeArticle(id: $id) {
      __typename
      ... on Article {
        id
        isLiked
        counts {
          comments
          shares
          likes
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const starMutation = graphql`
  mutation useArticleActionsStarMutation($id: ID!) {
    starArticle(id: $id) {
      __typename
      ... on Article {
        id
        starred
      }
      ... on Error {
        message
      }
    }
  }
`;

const unstarMutation = graphql`
  mutation useArticleActionsUnstarMutation($id: ID!) {
    unstarArticle(id: $id) {
      __typename
      ... on Article {
        id
        starred
      }
      ... on Error {
        message
      }
    }
  }
`;

const markReadMutation = graphql`
  mutation useArticleActionsMarkReadMutation($id: ID!) {
    markArticleRead(id: $id) {
      __typename
      ... on Article {
        id
        isRead
      }
      ... on Error {
        message
      }
    }
  }
`;

const markUnreadMutation = graphql`
  mutation useArticleActionsMarkUnreadMutation($id: ID!) {
    markArticleUnread(id: $id) {
      __typename
      ... on Article {
        id
        isRead
      }
      ... on Error {
        message
      }
    }
  }
`;

const FAILED_UPDATE = 'Failed to update article';

/**
 * Likes or unlikes an article at once on screen (spec part 1 §4). When the server refuses or cannot be
 * reached, Relay drops the optimistic state (the article is as before) and the spec's toast says so (§8).
 */
export function useToggleLike(): (article: LikeableArticle) => void {
  const [like] = useMutation<useArticleActionsLikeMutation>(likeMutation);
  const [unlike] = useMutation<useArticleActionsUnlikeMutation>(unlikeMutation);
  return useCallback(
    (article: LikeableArticle) => {
      const optimistic = toggledLike(article);
      // A like says nothing when it works: the heart has already changed.
      const texts = { expected: 'Article', success: null, failure: FAILED_UPDATE } as const;
      if (article.isLiked) {
        unlike({
          variables: { id: article.id },
          optimisticResponse: { unlikeArticle: optimistic },
          ...toastOutcome((response: useArticleActionsUnlikeMutation['response']) => response.unlikeArticle, texts),
        });
      } else {
        like({
          variables: { id: article.id },
          optimisticResponse: { likeArticle: optimistic },
          ...toastOutcome((response: useArticleActionsLikeMutation['response']) => response.likeArticle, texts),
        });
      }
    },
    [like, unlike],
  );
}

export type StarrableArticle = { id: string; starred: boolean };

/**
 * Stars or unstars an article at once on screen (issue 15: the row, the reader and the s key). Like a like, it
 * says nothing when it works; a failure restores the star and says so.
 */
export function useToggleStar(): (article: StarrableArticle) => void {
  const [star] = useMutation<useArticleActionsStarMutation>(starMutation);
  const [unstar] = useMutation<useArticleActionsUnstarMutation>(unstarMutation);
  return useCallback(
    ({ id, starred }: StarrableArticle) => {
      const optimistic = { __typename: 'Article' as const, id, starred: !starred };
      const texts = { expected: 'Article', success: null, failure: FAILED_UPDATE } as const;
      if (starred) {
        unstar({
          variables: { id },
          optimisticResponse: { unstarArticle: optimistic },
          ...toastOutcome((response: useArticleActionsUnstarMutation['response']) => response.unstarArticle, texts),
        });
      } else {
        star({
          variables: { id },
          optimisticResponse: { starArticle: optimistic },
          ...toastOutcome((response: useArticleActionsStarMutation['response']) => response.starArticle, texts),
        });
      }
    },
    [star, unstar],
  );
}

/**
 * Marks an article read at once on screen (spec part 1 §4: opened, or a 500 ms keyboard dwell). A failure is
 * only logged: spec part 1 §8 gives a mark-as-read failure in the list no toast, and Relay restores the row.
 */
export function useMarkArticleRead(): (articleId: string) => void {
  const [commit] = useMutation<useArticleActionsMarkReadMutation>(markReadMutation);
  return useCallback(
    (articleId: string) =>
      commit({
        variables: { id: articleId },
        optimisticResponse: { markArticleRead: { __typename: 'Article', id: articleId, isRead: true } },
        ...toastOutcome((response: useArticleActionsMarkReadMutation['response']) => response.markArticleRead, {
          expected: 'Article',
          success: null,
          failure: null,
          onFailure: (reason) => console.error('Failed to mark the article read:', reason),
        }),
      }),
    [commit],
  );
}

/**
 * The m key: marks a read article unread, an unread one read, at once on screen. Asked for by the reader, a
 * failure says so (spec part 1 §8 'Failed to update article') and Relay restores the article.
 */
export function useToggleRead(): (article: { id: string; isRead: boolean }) => void {
  const [markRead] = useMutation<useArticleActionsMarkReadMutation>(markReadMutation);
  const [markUnread] = useMutation<useArticleActionsMarkUnreadMutation>(markUnreadMutation);
  return useCallback(
    ({ id, isRead }: { id: string; isRead: boolean }) => {
      const optimistic = { __typename: 'Article' as const, id, isRead: !isRead };
      const texts = { expected: 'Article', success: null, failure: FAILED_UPDATE } as const;
      if (isRead) {
        markUnread({
          variables: { id },
          optimisticResponse: { markArticleUnread: optimistic },
          ...toastOutcome((response: useArticleActionsMarkUnreadMutation['response']) => response.markArticleUnread, texts),
        });
      } else {
        markRead({
          variables: { id },
          optimisticResponse: { markArticleRead: optimistic },
          ...toastOutcome((response: useArticleActionsMarkReadMutation['response']) => response.markArticleRead, texts),
        });
      }
    },
    [markRead, markUnread],
  );
}
