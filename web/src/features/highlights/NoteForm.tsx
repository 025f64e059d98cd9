import { useId, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { buttonClass } from '../../ui/button';
import { inputClass } from '../../ui/TextField';
import { cx } from '../../ui/cx';

/** The longest note the server keeps. */
export const NOTE_MAX_LENGTH = 2000;

type Props = {
  initial: string;
  /** The save button's text. */
  submitLabel: string;
  onSubmit: (note: string) => void;
  onCancel: () => void;
  saving?: boolean;
  /** More actions beside Save and Cancel (the popover's Delete). */
  extra?: ReactNode;
  autoFocus?: boolean;
};

/** A highlight's note being written: plain text, at most 2,000 characters; Ctrl/⌘ Enter saves, Escape cancels. */
export function NoteForm({ initial, submitLabel, onSubmit, onCancel, saving = false, extra, autoFocus = true }: Props) {
  const [note, setNote] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(note);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) submit(event);
  };
  return (
    <form onSubmit={submit} onKeyDown={onKeyDown} className="flex w-72 max-w-full flex-col gap-2 p-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Note
      </label>
      <textarea
        id={id}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        maxLength={NOTE_MAX_LENGTH}
        rows={3}
        // The form opens because the reader asked to write a note: the caret goes there.
        autoFocus={autoFocus}
        className={cx(inputClass(), 'h-auto resize-y py-2')}
      />
      <div className="flex items-center gap-2">
        {extra}
        <button type="button" onClick={onCancel} className={buttonClass('ghost', 'sm', 'ml-auto')}>
          Cancel
        </button>
        <button type="submit" disabled={saving} className={buttonClass('primary', 'sm')}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
