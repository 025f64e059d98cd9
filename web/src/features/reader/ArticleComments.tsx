import { MessageSquare } from 'lucide-react';
import { useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { CommentForm } from '../comments/CommentForm';
import { CommentItem } from '../comments/CommentItem';
import { conversationCount, mergeConversation } from '../comments/conversation';
import { ShareNoteItem } from '../comments/ShareNoteItem';
import type { ArticleComments_article$key } from './__generated__/ArticleComments_article.graphql';

/**
 * The conversation about the article (spec part 1 §2, Reader): 'Comments (n)' counting comments and share notes,
 * the comment form, and comments merged with share notes, newest first.
 */
export function ArticleComments({ article }: { article: ArticleComments_article$key }) {
  const data = useFragment(
    graphql`
      fragment ArticleComments_article on Article {
        id
        comments {
          id
          createdAt
          ...CommentItem_comment
        }
        shares {
          id
          createdAt
          note
          ...ShareNoteItem_share
        }
      }
    `,
    article,
  );
  const headingId = useId();
  const entries = mergeConversation(data.comments, data.shares);

  return (
    <section aria-labelledby={headingId} className="mt-14 border-t border-line pt-8">
      <h2 id={headingId} className="font-serif text-xl font-semibold text-ink">
        Comments ({conversationCount(data.comments, data.shares)})
      </h2>
      <CommentForm articleId={data.id} />
      {entries.length === 0 ? (
        <p className="mt-6 flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-line px-5 py-6 text-center text-[0.95rem] text-muted sm:flex-row">
          <MessageSquare aria-hidden="true" className="size-4 shrink-0" />
          No comments yet. Be the first to comment!
        </p>
      ) : (
        <ol aria-label="Comments and share notes" className="mt-4 divide-y divide-line">
          {entries.map((entry) =>
            entry.kind === 'comment' ? (
              <CommentItem key={entry.item.id} comment={entry.item} />
            ) : (
              <ShareNoteItem key={entry.item.id} share={entry.item} />
            ),
          )}
        </ol>
      )}
    </section>
  );
}
