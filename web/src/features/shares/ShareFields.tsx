import * as Dialog from '@radix-ui/react-dialog';
import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { buttonClass } from '../../ui/button';
import { textareaClass } from '../comments/MentionTextarea';
import { noteCounter, shareAudience, type ShareDraft } from './shareDraft';

type Props = {
  /** The form's id, prefixing its fields'. */
  id: string;
  draft: ShareDraft;
  onChange: (draft: ShareDraft) => void;
  /** What the note box suggests writing. */
  placeholder: string;
  rows: number;
  sharing: boolean;
};

/**
 * What every share form asks (an article's, a quote's): an optional note with its 'n/1000 characters' counter,
 * whether the share joins the instance's public RSS feed with a line saying who will see it, then Cancel and Share.
 */
export function ShareFields({ id, draft, onChange, placeholder, rows, sharing }: Props) {
  return (
    <>
      <label htmlFor={`${id}-note`} className="mt-5 block text-sm font-medium text-ink">
        Note <span className="font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id={`${id}-note`}
        rows={rows}
        maxLength={SHARE_NOTE_MAX}
        aria-describedby={`${id}-counter`}
        placeholder={placeholder}
        className={`${textareaClass} mt-1.5`}
        value={draft.note}
        onChange={(event) => onChange({ ...draft, note: event.target.value })}
      />
      <p id={`${id}-counter`} className="mt-1.5 text-right text-xs tabular-nums text-muted">
        {noteCounter(draft.note)}
      </p>
      <label className="mt-3 flex cursor-pointer items-start gap-2.5 text-sm text-ink">
        <input
          type="checkbox"
          checked={draft.isPublic}
          onChange={(event) => onChange({ ...draft, isPublic: event.target.checked })}
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
    </>
  );
}
