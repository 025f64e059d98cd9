import { FOLDER_NAME_MAX } from '@tidings/shared/limits';
import FolderPlus from 'lucide-react/icons/folder-plus';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { inputClass } from '../../ui/TextField';
import { useCreateFolder } from './useCreateFolder';

/** Create folder: Create is disabled while the trimmed name is blank or the form is busy. */
export function CreateFolderForm() {
  const id = useId();
  const [name, setName] = useState('');
  const [create, isInFlight] = useCreateFolder();
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || isInFlight) return;
    create(trimmed, () => setName(''));
  };
  return (
    <form onSubmit={submit} aria-label="Create folder" className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        New folder name
      </label>
      <input
        id={id}
        className={inputClass({ compact: true })}
        placeholder="New folder name"
        maxLength={FOLDER_NAME_MAX}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <button type="submit" disabled={!trimmed || isInFlight} className={buttonClass('secondary', 'sm', 'shrink-0 px-2.5')}>
        <FolderPlus aria-hidden="true" className="size-4" />
        Create
      </button>
    </form>
  );
}
