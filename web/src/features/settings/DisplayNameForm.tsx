import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import { useUpdateDisplayName } from './useUpdateDisplayName';

/** The longest display name, in characters. */
export const DISPLAY_NAME_MAX = 50;

type Props = { displayName: string | null; username: string };

/** The display name, editable: optional, at most 50 characters, blank shows the username. */
export function DisplayNameForm({ displayName, username }: Props) {
  const saved = displayName ?? '';
  const [value, setValue] = useState(saved);
  const [save, saving] = useUpdateDisplayName();
  const unchanged = value.trim() === saved;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(value);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Display name"
        optional
        className="flex-1"
        value={value}
        maxLength={DISPLAY_NAME_MAX}
        onChange={(event) => setValue(event.target.value)}
        autoComplete="name"
        placeholder={username}
        hint={`${value.length}/${DISPLAY_NAME_MAX} characters. Leave it blank to be shown as @${username}.`}
      />
      <button type="submit" disabled={saving || unchanged} className={buttonClass('primary', 'md', 'sm:mt-[1.625rem]')}>
        {saving ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
