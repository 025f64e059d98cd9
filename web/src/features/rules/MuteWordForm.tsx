import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { inputClass } from '../../ui/TextField';
import { useSaveFilterRule } from './useSaveFilterRule';

/**
 * "Mute a word": a word or phrase kept out of everything at once, title or content — the shortcut for a hide rule for
 * everything, which then shows in the list of rules like any other.
 */
export function MuteWordForm() {
  const [save, saving] = useSaveFilterRule();
  const [word, setWord] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || word.trim() === '') return;
    save(
      null,
      { pattern: word.trim(), isRegex: false, fields: ['title', 'content'], action: 'hide', feedId: null, folderId: null },
      { onSaved: () => setWord(''), onRefused: setRefusal, onDone: () => undefined },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5 border-b border-line pb-4">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        Mute a word
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={word}
          onChange={(event) => {
            setWord(event.target.value);
            setRefusal(null);
          }}
          placeholder="e.g. crypto"
          maxLength={500}
          aria-describedby={hintId}
          aria-invalid={refusal !== null}
          className={`${inputClass({ invalid: refusal !== null, compact: true })} min-w-0 flex-1`}
        />
        <button type="submit" disabled={saving || word.trim() === ''} className={buttonClass('secondary', 'sm')}>
          Mute
        </button>
      </div>
      <p id={hintId} className={refusal ? 'text-sm text-danger' : 'text-sm text-muted'} role={refusal ? 'alert' : undefined}>
        {refusal ?? 'Hides every article whose title or content mentions it, in all your feeds.'}
      </p>
    </form>
  );
}
