import { FolderPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { inputClass } from '../../ui/TextField';
import { notify } from '../../ui/toast';
import type { CreateFolderFormMutation } from './__generated__/CreateFolderFormMutation.graphql';
import { useReloadFeeds } from './loadFeeds';

/** Spec part 1 §9: folder name max 100 characters. */
export const FOLDER_NAME_MAX = 100;

/** Create folder (spec part 1 §2, §5): Create is disabled while the trimmed name is blank or the form is busy. */
export function CreateFolderForm() {
  const id = useId();
  const [name, setName] = useState('');
  const reload = useReloadFeeds();
  const [commit, isInFlight] = useMutation<CreateFolderFormMutation>(graphql`
    mutation CreateFolderFormMutation($name: String!) {
      createFolder(input: { name: $name }) {
        __typename
        ... on Folder {
          id
          name
        }
        ... on Error {
          message
        }
      }
    }
  `);
  const trimmed = name.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || isInFlight) return;
    commit({
      variables: { name: trimmed },
      onCompleted: ({ createFolder: answer }) => {
        if (answer.__typename !== 'Folder') return notify.error(answer.message || 'Failed to create folder');
        notify.success('Folder created!');
        setName('');
        void reload();
      },
      onError: () => notify.error('Failed to create folder'),
    });
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
