import Pencil from 'lucide-react/icons/pencil';
import Share2 from 'lucide-react/icons/share-2';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../ui/button';
import { NoteForm } from './NoteForm';

type Props = {
  note: string | null;
  onSaveNote: (note: string, onSaved: () => void) => void;
  saving?: boolean;
  onDelete: () => void;
  /** Opens Share quote. */
  onShare: () => void;
  onClose: () => void;
};

/** What a click on a highlight opens: its note, to read and edit, Share quote and Delete. Escape or a click elsewhere closes it. */
export function HighlightPopover({ note, onSaveNote, saving, onDelete, onShare, onClose }: Props) {
  const [editing, setEditing] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (panel.current?.contains(target) || target?.closest?.('mark.tidings-highlight')) return;
      onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown, { capture: true });
    };
  }, [onClose]);

  if (editing)
    return (
      <div ref={panel}>
        <NoteForm
          initial={note ?? ''}
          submitLabel="Save note"
          saving={saving}
          onSubmit={(text) => onSaveNote(text, () => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      </div>
    );
  return (
    <div ref={panel} className="flex w-72 max-w-full flex-col gap-2 p-2">
      {note ? <p className="whitespace-pre-wrap break-words text-sm text-ink">{note}</p> : <p className="text-sm text-muted">No note</p>}
      <div className="flex items-center gap-2">
        <button type="button" onClick={() => setEditing(true)} className={buttonClass('secondary', 'sm')}>
          <Pencil aria-hidden="true" className="size-4" />
          {note ? 'Edit note' : 'Add note'}
        </button>
        <button type="button" onClick={onShare} className={buttonClass('secondary', 'sm')}>
          <Share2 aria-hidden="true" className="size-4" />
          Share quote
        </button>
        <button type="button" onClick={onDelete} className={buttonClass('ghost', 'sm', 'ml-auto text-danger hover:text-danger')}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
    </div>
  );
}
