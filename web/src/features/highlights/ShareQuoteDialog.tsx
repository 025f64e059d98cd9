import * as Dialog from '@radix-ui/react-dialog';
import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { useId, useState, type FormEvent } from 'react';
import { dialogOverlayClass, dialogPanelClass } from '../../ui/dialog';
import { ShareFields } from '../shares/ShareFields';
import type { ShareDraft } from '../shares/shareDraft';
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
      <ShareFields id={id} draft={draft} onChange={setDraft} placeholder="Why does it matter?" rows={3} sharing={sharing} />
    </form>
  );
}
