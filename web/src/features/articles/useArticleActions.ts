import { useCallback } from 'react';
import { useRelayEnvironment } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { unreadCountsInStore } from '../feeds/lazyUnreadCounts';
import { lazyGraphQL, type LazyGraphQL } from '../../relay/lazyGraphQL';
import { useLazyMutation } from '../../relay/useLazyMutation';
import { toastOutcome } from '../../relay/toastOutcome';
import { toggledLike, type LikeableArticle } from './likeToggle';

const FAILED_UPDATE = 'Failed to update article';

/** A mutation that sets or clears one of an article's flags: `(id)` → `{ [field]: Article | Error }`. */
type FlagMutation = MutationParameters & { variables: { id: string }; response: Record<string, { readonly __typename: string }> };

type FlagSide = { mutation: LazyGraphQL; field: string };

/** The article as it will look: its id and the fields the mutation answers. */
type OptimisticArticle = { __typename: 'Article'; id: string } & Record<string, unknown>;

/**
 * One of an article's flags (liked, starred, read) turned on or off at once on screen: the mutation of the side
 * asked for, with the article as it will look as the optimistic answer. Relay restores the article when the server
 * refuses or cannot be reached, and the failure toast says so (`null`: only logged by `onFailure`). The read flag
 * also moves the sidebar's unread counts of the article's feed and folder by one at once, taken back on failure;
 * the server's unread-counts event then sets them to what they are.
 */
function useArticleFlag(on: FlagSide, off: FlagSide, failure: string | null, onFailure?: (reason: string | undefined) => void) {
  const environment = useRelayEnvironment();
  const [commitOn] = useLazyMutation<FlagMutation>(on.mutation);
  const [commitOff] = useLazyMutation<FlagMutation>(off.mutation);
  return useCallback(
    (turnOn: boolean, optimistic: OptimisticArticle) => {
      const [commit, field] = turnOn ? [commitOn, on.field] : [commitOff, off.field];
      // Before the commit, which marks the article read in the store at once.
      const undoCounts = (on === MARK_READ && unreadCountsInStore()?.countArticleRead(environment, optimistic.id, turnOn)) || (() => {});
      commit({
        variables: { id: optimistic.id },
        optimisticResponse: { [field]: optimistic },
        // A flag says nothing when it works: the heart, the star or the row has already changed.
        ...toastOutcome((response: FlagMutation['response']) => response[field]!, {
          expected: 'Article',
          success: null,
          failure,
          onFailure: (reason) => {
            undoCounts();
            onFailure?.(reason);
          },
        }),
      });
    },
    [environment, commitOn, commitOff, on, off.field, failure, onFailure],
  );
}

// The flags' GraphQL loads apart from the list (relay/lazyMutation.ts).
const flagMutations = () => import('./articleFlags');
const side = (mutation: keyof Awaited<ReturnType<typeof flagMutations>>, field: string): FlagSide => ({
  mutation: lazyGraphQL(() => flagMutations().then((module) => module[mutation])),
  field,
});

const LIKE = side('likeMutation', 'likeArticle');
const UNLIKE = side('unlikeMutation', 'unlikeArticle');
const STAR = side('starMutation', 'starArticle');
const UNSTAR = side('unstarMutation', 'unstarArticle');
const MARK_READ = side('markReadMutation', 'markArticleRead');
const MARK_UNREAD = side('markUnreadMutation', 'markArticleUnread');

/** Likes or unlikes an article (spec part 1 §4); a failure says 'Failed to update article' (§8). */
export function useToggleLike(): (article: LikeableArticle) => void {
  const setLike = useArticleFlag(LIKE, UNLIKE, FAILED_UPDATE);
  return useCallback((article: LikeableArticle) => setLike(!article.isLiked, toggledLike(article)), [setLike]);
}

export type StarrableArticle = { id: string; starred: boolean };

/** Stars or unstars an article (issue 15: the row, the reader and the s key), like a like. */
export function useToggleStar(): (article: StarrableArticle) => void {
  const setStar = useArticleFlag(STAR, UNSTAR, FAILED_UPDATE);
  return useCallback(({ id, starred }: StarrableArticle) => setStar(!starred, { __typename: 'Article', id, starred: !starred }), [setStar]);
}

const logReadFailure = (reason: string | undefined) => console.error('Failed to mark the article read:', reason);

/**
 * Marks an article read (spec part 1 §4: opened, or a 500 ms keyboard dwell). A failure is only logged: spec part 1
 * §8 gives a mark-as-read failure in the list no toast, and Relay restores the row.
 */
export function useMarkArticleRead(): (articleId: string) => void {
  const setRead = useArticleFlag(MARK_READ, MARK_UNREAD, null, logReadFailure);
  return useCallback((articleId: string) => setRead(true, { __typename: 'Article', id: articleId, isRead: true }), [setRead]);
}

/** The m key: marks a read article unread, an unread one read; asked for by the reader, a failure says so (§8). */
export function useToggleRead(): (article: { id: string; isRead: boolean }) => void {
  const setRead = useArticleFlag(MARK_READ, MARK_UNREAD, FAILED_UPDATE);
  return useCallback(
    ({ id, isRead }: { id: string; isRead: boolean }) => setRead(!isRead, { __typename: 'Article', id, isRead: !isRead }),
    [setRead],
  );
}
