import Highlighter from 'lucide-react/icons/highlighter';
import MessageSquarePlus from 'lucide-react/icons/message-square-plus';
import type { MouseEvent } from 'react';
import { buttonClass } from '../../ui/button';

type Props = {
  onHighlight: () => void;
  onHighlightWithNote: () => void;
};

// A press on the toolbar must not take the selection away before the click uses it.
const keepSelection = (event: MouseEvent) => event.preventDefault();

/** What a selection in the article offers: Highlight (or h), and Highlight with note. */
export function SelectionToolbar({ onHighlight, onHighlightWithNote }: Props) {
  return (
    <div role="toolbar" aria-label="Selection" className="flex items-center gap-1">
      <button
        type="button"
        onMouseDown={keepSelection}
        onClick={onHighlight}
        title="Highlight (h)"
        className={buttonClass('ghost', 'sm', 'text-ink')}
      >
        <Highlighter aria-hidden="true" className="size-4" />
        Highlight
      </button>
      <button type="button" onMouseDown={keepSelection} onClick={onHighlightWithNote} className={buttonClass('ghost', 'sm', 'text-ink')}>
        <MessageSquarePlus aria-hidden="true" className="size-4" />
        Highlight with note
      </button>
    </div>
  );
}
