import { graphql, useFragment } from 'react-relay';
import type { ShareNoteItem_share$key } from './__generated__/ShareNoteItem_share.graphql';
import { CommentText } from './CommentText';
import { ConversationItem } from './ConversationItem';

/** A share's note among the comments, tagged 'shared this', or 'shared this publicly' for a public share. */
export function ShareNoteItem({ share }: { share: ShareNoteItem_share$key }) {
  const data = useFragment(
    graphql`
      fragment ShareNoteItem_share on Share {
        note
        mentions
        isPublic
        createdAt
        user {
          ...ConversationItem_user
        }
      }
    `,
    share,
  );
  return (
    <ConversationItem user={data.user} createdAt={data.createdAt} tag={data.isPublic ? 'shared this publicly' : 'shared this'}>
      <CommentText text={data.note ?? ''} mentions={data.mentions} />
    </ConversationItem>
  );
}
