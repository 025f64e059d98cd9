import { useCallback } from 'react';
import { graphql, useRelayEnvironment } from 'react-relay';
import { countArticleRead } from '../feeds/unreadCountsInStore';
import { useToggleMutation, type ToggleSide } from '../../relay/useToggleMutation';
import { toggledLike, type LikeableArticle } from './likeToggle';

const FAILED_UPDATE = 'Failed to update article';

/** The article as it will look: its id and the fields the mutation answers. */
type OptimisticArticle = { __typename: 'Article'; id: string } & Record<string, unknown>;

/**
 * One of an article's flags (liked, starred, read) turned on or off at once on screen (`useToggleMutation`); a flag
 * says nothing when it works (the heart, the star or the row has already changed), and a failure says `failure`
 * (`null`: only `onFailure` hears of it). The read flag also moves the sidebar's unread counts of the article's feed
 * and folder by one at once, taken back on failure; the server's unread-counts event then sets them to what they are.
 */
function useArticleFlag(on: ToggleSide, off: ToggleSide, failure: string | null, onFailure?: (reason: string | undefined) => void) {
  const environment = useRelayEnvironment();
  const toggle = useToggleMutation(on, off);
  return useCallback(
    (turnOn: boolean, optimistic: OptimisticArticle) => {
      // Before the commit, which marks the article read in the store at once.
      const undoCounts = on === MARK_READ ? countArticleRead(environment, optimistic.id, turnOn) : () => {};
      toggle(turnOn, {
        variables: { id: optimistic.id },
        optimistic,
        outcome: {
          expected: 'Article',
          success: null,
          failure,
          onFailure: (reason) => {
            undoCounts();
            onFailure?.(reason);
          },
        },
      });
    },
    [environment, toggle, on, failure, onFailure],
  );
}

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

const LIKE: ToggleSide = { mutation: likeMutation, field: 'likeArticle' };
const UNLIKE: ToggleSide = { mutation: unlikeMutation, field: 'unlikeArticle' };
const STAR: ToggleSide = { mutation: starMutation, field: 'starArticle' };
const UNSTAR: ToggleSide = { mutation: unstarMutation, field: 'unstarArticle' };
const MARK_READ: ToggleSide = { mutation: markReadMutation, field: 'markArticleRead' };
const MARK_UNREAD: ToggleSide = { mutation: markUnreadMutation, field: 'markArticleUnread' };

/** Likes or unlikes an article; a failure says 'Failed to update article'. */
export function useToggleLike(): (article: LikeableArticle) => void {
  const setLike = useArticleFlag(LIKE, UNLIKE, FAILED_UPDATE);
  return useCallback((article: LikeableArticle) => setLike(!article.isLiked, toggledLike(article)), [setLike]);
}

export type StarrableArticle = { id: string; starred: boolean };

/** Stars or unstars an article (from the row, the reader or the s key), like a like. */
export function useToggleStar(): (article: StarrableArticle) => void {
  const setStar = useArticleFlag(STAR, UNSTAR, FAILED_UPDATE);
  return useCallback(({ id, starred }: StarrableArticle) => setStar(!starred, { __typename: 'Article', id, starred: !starred }), [setStar]);
}

const logReadFailure = (reason: string | undefined) => console.error('Failed to mark the article read:', reason);

/**
 * Marks an article read (opened, or a 500 ms keyboard dwell). A failure is only logged, with no toast: the reader did
 * not ask for it, and Relay restores the row.
 */
export function useMarkArticleRead(): (articleId: string) => void {
  const setRead = useArticleFlag(MARK_READ, MARK_UNREAD, null, logReadFailure);
  return useCallback((articleId: string) => setRead(true, { __typename: 'Article', id: articleId, isRead: true }), [setRead]);
}

/** The m key: marks a read article unread, an unread one read; asked for by the reader, a failure says so. */
export function useToggleRead(): (article: { id: string; isRead: boolean }) => void {
  const setRead = useArticleFlag(MARK_READ, MARK_UNREAD, FAILED_UPDATE);
  return useCallback(
    ({ id, isRead }: { id: string; isRead: boolean }) => setRead(!isRead, { __typename: 'Article', id, isRead: !isRead }),
    [setRead],
  );
}
