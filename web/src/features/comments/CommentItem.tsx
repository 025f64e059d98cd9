import Pencil from 'lucide-react/icons/pencil';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { IconButton } from '../../ui/IconButton';
import type { CommentItem_comment$key } from './__generated__/CommentItem_comment.graphql';
import { CommentEditForm } from './CommentEditForm';
import { CommentText } from './CommentText';
import { NO_COPIES, type CopyFeedTitles } from './conversation';
import { ConversationItem } from './ConversationItem';
import { SubscribeCard } from './SubscribeCard';
import { useDeleteComment } from './useDeleteComment';
import { useLinkFeedsWhenFound } from './useLinkFeedsWhenFound';

const DELETE_QUESTION = 'Are you sure you want to delete this comment? This action cannot be undone.';

/**
 * One comment: its author, when (and on which other copy of the story, if so), the text, and a subscribe card for each
 * link that leads to a feed. Its author may edit it in place or delete it after confirming (no one else may); a deleted
 * comment leaves `connectionId`, the list it is in.
 */
export function CommentItem({
  comment,
  connectionId,
  copyFeedTitles = NO_COPIES,
}: {
  comment: CommentItem_comment$key;
  connectionId: string;
  /** The feeds of the story's other copies, by article id: a comment written on one of them says which. */
  copyFeedTitles?: CopyFeedTitles;
}) {
  const data = useFragment(
    graphql`
      fragment CommentItem_comment on Comment {
        id
        articleId
        content
        mentions
        createdAt
        viewerIsAuthor
        linksPending
        links {
          url
          title
          feedUrl
        }
        user {
          ...ConversationItem_user
        }
      }
    `,
    comment,
  );
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const deleteComment = useDeleteComment(connectionId);
  // A comment just posted or edited gets its subscribe cards a moment later, once the server has looked.
  useLinkFeedsWhenFound(data.id, data.linksPending);

  const actions = data.viewerIsAuthor && !editing && (
    <div className="-mr-2 -mt-1 flex shrink-0">
      <IconButton label="Edit comment" className="size-9" onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" className="size-4" />
      </IconButton>
      <IconButton label="Delete comment" className="size-9 hover:text-danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
      </IconButton>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete comment"
        message={DELETE_QUESTION}
        confirmLabel="Delete"
        onConfirm={() => deleteComment(data.id)}
      />
    </div>
  );

  return (
    <ConversationItem user={data.user} createdAt={data.createdAt} copyFeedTitle={copyFeedTitles.get(data.articleId)} actions={actions}>
      {editing ? (
        <CommentEditForm commentId={data.id} content={data.content} onDone={() => setEditing(false)} />
      ) : (
        <>
          <CommentText text={data.content} mentions={data.mentions} />
          {data.links
            .filter((link) => link.feedUrl)
            .map((link) => (
              <SubscribeCard key={link.url} feedUrl={link.feedUrl!} title={link.title} />
            ))}
        </>
      )}
    </ConversationItem>
  );
}
