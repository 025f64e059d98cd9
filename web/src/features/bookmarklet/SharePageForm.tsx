import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { textareaClass } from '../comments/MentionTextarea';
import { noteCounter, shareAudience } from '../shares/shareDraft';
import { closeBookmarkletWindow } from './closeWindow';
import { useSharePage } from './useSharePage';

// Long enough to read 'Article shared!' before the window goes.
const CLOSE_AFTER_SHARE_MS = 1500;

/** "Share": an optional note with its counter, Private or Public, and Share; the window closes once shared. */
export function SharePageForm({ url }: { url: string }) {
  const id = useId();
  const [note, setNote] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [shared, setShared] = useState(false);
  const [share, sharing] = useSharePage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sharing || shared || note.trim().length > SHARE_NOTE_MAX) return;
    share({ url, note: note.trim(), isPublic }, () => {
      setShared(true);
      setTimeout(closeBookmarkletWindow, CLOSE_AFTER_SHARE_MS);
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h2 id={`${id}-title`} className="text-sm font-semibold uppercase tracking-wide text-muted">
        Share
      </h2>
      <label htmlFor={`${id}-note`} className="text-sm font-medium text-ink">
        Note <span className="font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id={`${id}-note`}
        rows={2}
        maxLength={SHARE_NOTE_MAX}
        aria-describedby={`${id}-counter`}
        placeholder="What makes it worth reading?"
        className={textareaClass}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
      <p id={`${id}-counter`} className="text-right text-xs tabular-nums text-muted">
        {noteCounter(note)}
      </p>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="sr-only">Who sees the share</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg border border-line bg-sunken p-1">
          {[false, true].map((value) => (
            <label
              key={String(value)}
              className={cx(
                'flex cursor-pointer items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-focus',
                isPublic === value ? 'bg-surface text-ink shadow-sm' : 'text-muted hover:text-ink',
              )}
            >
              <input
                type="radio"
                name={`${id}-audience`}
                className="sr-only"
                checked={isPublic === value}
                onChange={() => setIsPublic(value)}
                aria-describedby={`${id}-audience`}
              />
              {value ? 'Public' : 'Private'}
            </label>
          ))}
        </div>
        <p id={`${id}-audience`} className="text-xs text-muted">
          {shareAudience(isPublic)}
        </p>
      </fieldset>
      <button type="submit" disabled={sharing || shared} className={buttonClass('primary', 'sm', 'mt-1')}>
        {shared ? 'Shared' : sharing ? 'Sharing...' : 'Share'}
      </button>
    </form>
  );
}
