import MessageSquare from 'lucide-react/icons/message-square';
import { useId } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { LoadingMore } from '../../ui/LoadingMore';
import { notify } from '../../ui/toast';
import { CommentForm } from '../comments/CommentForm';
import { CommentItem } from '../comments/CommentItem';
import { conversationCount, mergeConversation, otherCopyFeedTitles } from '../comments/conversation';
import { ShareNoteItem } from '../comments/ShareNoteItem';
import { useConversationSubscription } from '../comments/useConversationSubscription';
import type { ArticleComments_article$key } from './__generated__/ArticleComments_article.graphql';
import type { ArticleCommentsPaginationQuery } from './__generated__/ArticleCommentsPaginationQuery.graphql';

export const COMMENTS_PAGE_SIZE = 30;

/**
 * The conversation about the article's story (its copies in other feeds included, each saying where it was written):
 * 'Comments (n)' counting comments and share notes,
 * the comment form, and comments merged with share notes, newest first, taken in live as they are posted. Comments come a page at a time ('Load
 * more comments'); shares are few per article (one per person), so their first hundred are read at once.
 */
export function ArticleComments({ article }: { article: ArticleComments_article$key }) {
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<ArticleCommentsPaginationQuery, ArticleComments_article$key>(
    graphql`
      fragment ArticleComments_article on Article
      @refetchable(queryName: "ArticleCommentsPaginationQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 30 }
        after: { type: "String" }
        sharesFirst: { type: "Int", defaultValue: 100 }
      ) {
        id
        counts {
          comments
        }
        # Comments and shares are the story's: those made on another copy say which feed it is in.
        story {
          articles {
            id
            feedTitle
          }
        }
        comments(first: $first, after: $after) @connection(key: "ArticleComments_comments") {
          __id
          edges {
            node {
              id
              createdAt
              ...CommentItem_comment
            }
          }
        }
        shares(first: $sharesFirst) {
          edges {
            node {
              id
              createdAt
              note
              ...ShareNoteItem_share
            }
          }
        }
      }
    `,
    article,
  );
  useConversationSubscription(data.id, data.comments.__id);
  const headingId = useId();
  const comments = data.comments.edges.map((edge) => edge.node);
  const shares = data.shares.edges.map((edge) => edge.node);
  const entries = mergeConversation(comments, shares, hasNext);
  const copyFeedTitles = otherCopyFeedTitles(data.story.articles, data.id);
  const loadMore = () => {
    if (hasNext && !isLoadingNext)
      loadNext(COMMENTS_PAGE_SIZE, { onComplete: (error) => error && notify.error('Failed to load comments') });
  };

  return (
    <section aria-labelledby={headingId} className="mt-14 border-t border-line pt-8">
      <h2 id={headingId} className="font-serif text-xl font-semibold text-ink">
        Comments ({conversationCount(data.counts.comments, shares)})
      </h2>
      <CommentForm articleId={data.id} connectionId={data.comments.__id} />
      {entries.length === 0 ? (
        <p className="mt-6 flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line px-5 py-6 text-center text-[0.95rem] text-muted sm:flex-row">
          <MessageSquare aria-hidden="true" className="size-4 shrink-0" />
          No comments yet. Be the first to comment!
        </p>
      ) : (
        <ol aria-label="Comments and share notes" className="mt-4 divide-y divide-line">
          {entries.map((entry) =>
            entry.kind === 'comment' ? (
              <CommentItem key={entry.item.id} comment={entry.item} connectionId={data.comments.__id} copyFeedTitles={copyFeedTitles} />
            ) : (
              <ShareNoteItem key={entry.item.id} share={entry.item} copyFeedTitles={copyFeedTitles} />
            ),
          )}
        </ol>
      )}
      {isLoadingNext ? (
        <LoadingMore label="Loading more comments…" />
      ) : (
        hasNext && (
          <div className="mt-4 flex justify-center">
            <button type="button" className={buttonClass('secondary', 'sm')} onClick={loadMore}>
              Load more comments
            </button>
          </div>
        )
      )}
    </section>
  );
}
