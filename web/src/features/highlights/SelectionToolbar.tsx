import Highlighter from 'lucide-react/icons/highlighter';
import MessageSquarePlus from 'lucide-react/icons/message-square-plus';
import Quote from 'lucide-react/icons/quote';
import type { MouseEvent } from 'react';
import { buttonClass } from '../../ui/button';

type Props = {
  onHighlight: () => void;
  onHighlightWithNote: () => void;
  onShareQuote: () => void;
};

// A press on the toolbar must not take the selection away before the click uses it.
const keepSelection = (event: MouseEvent) => event.preventDefault();

/** What a selection in the article offers: Highlight (or h), Highlight with note, and Share quote (highlights it first). */
export function SelectionToolbar({ onHighlight, onHighlightWithNote, onShareQuote }: Props) {
  return (
    <div role="toolbar" aria-label="Selection" className="flex flex-wrap items-center gap-1">
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
      <button type="button" onMouseDown={keepSelection} onClick={onShareQuote} className={buttonClass('ghost', 'sm', 'text-ink')}>
        <Quote aria-hidden="true" className="size-4" />
        Share quote
      </button>
    </div>
  );
}
