import Pencil from 'lucide-react/icons/pencil';
import Share2 from 'lucide-react/icons/share-2';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import type { HighlightItem_highlight$key } from './__generated__/HighlightItem_highlight.graphql';
import { NoteForm } from './NoteForm';
import { useUpdateHighlightNote } from './useUpdateHighlightNote';

type Props = { highlight: HighlightItem_highlight$key; onDelete: () => void; onShare: (highlight: { id: string; exact: string }) => void };

/** One highlight on the Highlights screen: its text, its note (edited in place), Edit note, Share quote and Delete. */
export function HighlightItem({ highlight, onDelete, onShare }: Props) {
  const data = useFragment(
    graphql`
      fragment HighlightItem_highlight on Highlight {
        id
        exact
        note
      }
    `,
    highlight,
  );
  const [editing, setEditing] = useState(false);
  const [saveNote, saving] = useUpdateHighlightNote();
  return (
    <article className="flex flex-col gap-2" data-highlight-id={data.id}>
      <blockquote className="whitespace-pre-line border-l-[3px] border-star pl-3 font-serif text-[1.0625rem] leading-relaxed text-ink">
        {data.exact}
      </blockquote>
      {editing ? (
        <NoteForm
          initial={data.note ?? ''}
          submitLabel="Save note"
          saving={saving}
          onSubmit={(note) => saveNote(data.id, note, () => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        data.note && <p className="whitespace-pre-wrap break-words pl-3.5 text-[0.95rem] text-muted">{data.note}</p>
      )}
      {!editing && (
        <div className="flex gap-1 pl-2">
          <button type="button" onClick={() => setEditing(true)} className={buttonClass('ghost', 'sm', 'h-8 px-2')}>
            <Pencil aria-hidden="true" className="size-4" />
            {data.note ? 'Edit note' : 'Add note'}
          </button>
          <button type="button" onClick={() => onShare(data)} className={buttonClass('ghost', 'sm', 'h-8 px-2')}>
            <Share2 aria-hidden="true" className="size-4" />
            Share quote
          </button>
          <button type="button" onClick={onDelete} className={buttonClass('ghost', 'sm', 'h-8 px-2 hover:text-danger')}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      )}
    </article>
  );
}
