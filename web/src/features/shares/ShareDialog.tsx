import * as Dialog from '@radix-ui/react-dialog';
import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { useId, useState, type FormEvent } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { dialogOverlayClass, dialogPanelClass } from '../../ui/dialog';
import { textareaClass } from '../comments/MentionTextarea';
import type { ShareDialog_article$data, ShareDialog_article$key } from './__generated__/ShareDialog_article.graphql';
import { noteCounter, shareAudience, shareDraft } from './shareDraft';
import { useShareArticle } from './useShareArticle';

type Props = { article: ShareDialog_article$key; open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The share dialog: an optional note with its 'n/1000 characters' counter, whether the
 * share joins the instance's public RSS feed with a line saying who will see it, and Share. It opens with the viewer's own share when there is one.
 */
export function ShareDialog({ article, open, onOpenChange }: Props) {
  const data = useFragment(
    graphql`
      fragment ShareDialog_article on Article @argumentDefinitions(sharesFirst: { type: "Int", defaultValue: 100 }) {
        id
        title
        # One share per person: the viewer's own is among the first hundred unless a hundred people shared since.
        shares(first: $sharesFirst) {
          edges {
            node {
              viewerIsSharer
              note
              isPublic
            }
          }
        }
      }
    `,
    article,
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content className={dialogPanelClass}>
          {/* Mounted only while open, so each opening starts from the share as it is. */}
          <ShareForm article={data} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ShareForm({ article, onClose }: { article: ShareDialog_article$data; onClose: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState(() => shareDraft(article.shares.edges.map((edge) => edge.node)));
  const [share, sharing] = useShareArticle();
  const note = draft.note.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sharing || note.length > SHARE_NOTE_MAX) return;
    share(article.id, { ...draft, note }, onClose);
  };

  return (
    <form onSubmit={submit}>
      <Dialog.Title className="text-lg font-semibold text-ink">Share article</Dialog.Title>
      <Dialog.Description className="mt-1 line-clamp-2 break-words text-sm text-muted">{article.title}</Dialog.Description>
      <label htmlFor={`${id}-note`} className="mt-5 block text-sm font-medium text-ink">
        Note <span className="font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id={`${id}-note`}
        rows={4}
        maxLength={SHARE_NOTE_MAX}
        aria-describedby={`${id}-counter`}
        placeholder="What makes it worth reading?"
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
