import { graphql, useFragment } from 'react-relay';
import type { ShareNoteItem_share$key } from './__generated__/ShareNoteItem_share.graphql';
import { CommentText } from './CommentText';
import { NO_COPIES, type CopyFeedTitles } from './conversation';
import { ConversationItem } from './ConversationItem';
import { QuotedPassage } from '../../ui/QuotedPassage';

/**
 * A share's note among the comments, tagged 'shared this', or 'shared this publicly' for a public share ('quoted this'
 * for a highlight shared as a quote, its passage above the note), and 'on <feed>' when it was made on another copy of
 * the story.
 */
export function ShareNoteItem({
  share,
  copyFeedTitles = NO_COPIES,
}: {
  share: ShareNoteItem_share$key;
  /** The feeds of the story's other copies, by article id: a share made on one of them says which. */
  copyFeedTitles?: CopyFeedTitles;
}) {
  const data = useFragment(
    graphql`
      fragment ShareNoteItem_share on Share {
        note
        quote
        mentions
        isPublic
        createdAt
        article {
          id
        }
        user {
          ...ConversationItem_user
        }
      }
    `,
    share,
  );
  return (
    <ConversationItem
      user={data.user}
      createdAt={data.createdAt}
      tag={`${data.quote ? 'quoted this' : 'shared this'}${data.isPublic ? ' publicly' : ''}`}
      copyFeedTitle={copyFeedTitles.get(data.article.id)}
    >
      {data.quote && <QuotedPassage quote={data.quote} />}
      <CommentText text={data.note ?? ''} mentions={data.mentions} />
    </ConversationItem>
  );
}
