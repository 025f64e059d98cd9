import { FOLDER_NAME_MAX } from '@tidings/shared/limits';
import FolderPlus from 'lucide-react/icons/folder-plus';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { inputClass } from '../../ui/TextField';
import { FeedsFormCard, useMounted } from './FeedsFormCard';
import { useCreateFolder } from './useCreateFolder';

type Props = {
  /** The form element's id, for the button that opened it. */
  id?: string;
  /** Cancel, Escape, or a folder created: the form is done. */
  onClose: () => void;
};

/**
 * New folder, opened in place by its button with the focus in its field: Create is disabled while the trimmed name
 * is blank or the form is busy.
 */
export function CreateFolderForm({ id: formId, onClose }: Props) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const mounted = useMounted();
  const [name, setName] = useState('');
  const [create, isInFlight] = useCreateFolder();
  const trimmed = name.trim();
  useEffect(() => field.current?.focus(), []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || isInFlight) return;
    create(trimmed, () => {
      setName('');
      if (mounted.current) onClose();
    });
  };
  return (
    <FeedsFormCard id={formId} name="Create folder" label="New folder name" fieldId={id} onSubmit={submit} onClose={onClose}>
      <div className="flex gap-2">
        <input
          ref={field}
          id={id}
          className={inputClass({ compact: true })}
          placeholder="e.g. News"
          maxLength={FOLDER_NAME_MAX}
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" disabled={!trimmed || isInFlight} className={buttonClass('primary', 'sm', 'shrink-0 px-2.5')}>
          <FolderPlus aria-hidden="true" className="size-4" />
          Create
        </button>
      </div>
    </FeedsFormCard>
  );
}
