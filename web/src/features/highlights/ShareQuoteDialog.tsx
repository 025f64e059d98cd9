import * as Dialog from '@radix-ui/react-dialog';
import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { dialogOverlayClass, dialogPanelClass } from '../../ui/dialog';
import { textareaClass } from '../comments/MentionTextarea';
import { noteCounter, shareAudience, type ShareDraft } from '../shares/shareDraft';
import { useShareHighlight } from './useShareHighlight';

type Props = {
  /** The highlight shared, and its text, shown as the quote. */
  highlight: { readonly id: string; readonly exact: string } | null;
  onClose: () => void;
};

/**
 * Share quote: the share dialog for a highlight, the passage shown as the quote, an optional note with its counter,
 * whether it joins the instance's public RSS feed (with who will see it), and Share.
 */
export function ShareQuoteDialog({ highlight, onClose }: Props) {
  return (
    <Dialog.Root open={highlight !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogPanelClass}>
          {highlight && <ShareQuoteForm highlight={highlight} onClose={onClose} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ShareQuoteForm({ highlight, onClose }: { highlight: NonNullable<Props['highlight']>; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<ShareDraft>({ note: '', isPublic: false });
  const [share, sharing] = useShareHighlight();
  const note = draft.note.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sharing || note.length > SHARE_NOTE_MAX) return;
    share(highlight.id, { ...draft, note }, onClose);
  };
  return (
    <form onSubmit={submit}>
      <Dialog.Title className="text-lg font-semibold text-ink">Share quote</Dialog.Title>
      <Dialog.Description asChild>
        <blockquote className="mt-2 line-clamp-4 border-l-[3px] border-star pl-3 font-serif text-ink">{highlight.exact}</blockquote>
      </Dialog.Description>
      <label htmlFor={`${id}-note`} className="mt-5 block text-sm font-medium text-ink">
        Note <span className="font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id={`${id}-note`}
        rows={3}
        maxLength={SHARE_NOTE_MAX}
        aria-describedby={`${id}-counter`}
        placeholder="Why does it matter?"
        className={`${textareaClass} mt-1.5`}
        value={draft.note}
        onChange={(event) => setDraft({ ...draft, note: event.target.value })}
      />
      <p id={`${id}-counter`} className="mt-1.5 text-right text-xs tabular-nums text-muted">
        {noteCounter(draft.note)}
      </p>
      <label className="mt-3 flex cursor-pointer items-start gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          checked={draft.isPublic}
          onChange={(event) => setDraft({ ...draft, isPublic: event.target.checked })}
          aria-describedby={`${id}-audience`}
          className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]"
        />
        Add to instance RSS feed (publicly subscribable)
      </label>
      <p id={`${id}-audience`} className="mt-1.5 text-xs text-muted">
        {shareAudience(draft.isPublic)}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close type="button" className={buttonClass('secondary', 'sm')}>
          Cancel
        </Dialog.Close>
        <button type="submit" disabled={sharing} className={buttonClass('primary', 'sm')}>
          {sharing ? 'Sharing...' : 'Share'}
        </button>
      </div>
    </form>
  );
}
