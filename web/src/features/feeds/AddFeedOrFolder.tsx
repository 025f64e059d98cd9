import FolderPlus from 'lucide-react/icons/folder-plus';
import Plus from 'lucide-react/icons/plus';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { buttonClass } from '../../ui/button';
import { AddFeedForm } from './AddFeedForm';
import { CreateFolderForm } from './CreateFolderForm';

type OpenForm = 'feed' | 'folder' | null;

type Props = {
  /**
   * Counts the requests to add a feed (the empty article list's 'Add a feed'): each new one opens Add feed and puts
   * the focus in its field; a request made before this was mounted opens it at once.
   */
  addFeedRequest?: number;
};

/**
 * The actions of Feeds & Folders: 'Add feed' and 'New folder', two buttons that each open their form in place under
 * them, one at a time. Cancel, Escape or a success closes the form and gives the focus back to its button.
 */
export function AddFeedOrFolder({ addFeedRequest = 0 }: Props) {
  const [open, setOpen] = useState<OpenForm>(addFeedRequest > 0 ? 'feed' : null);
  const [seenRequest, setSeenRequest] = useState(addFeedRequest);
  if (addFeedRequest !== seenRequest) {
    setSeenRequest(addFeedRequest);
    setOpen('feed');
  }
  const formId = useId();
  const feedButton = useRef<HTMLButtonElement>(null);
  const folderButton = useRef<HTMLButtonElement>(null);
  const close = (button: RefObject<HTMLButtonElement | null>) => {
    setOpen(null);
    button.current?.focus();
  };
  const toggle = (form: Exclude<OpenForm, null>) => setOpen((current) => (current === form ? null : form));

  return (
    <div className="flex flex-col gap-2 px-1">
      <div className="flex gap-1.5">
        <ToggleButton ref={feedButton} expanded={open === 'feed'} controls={formId} onClick={() => toggle('feed')}>
          <Plus aria-hidden="true" className="size-3.5" />
          Add feed
        </ToggleButton>
        <ToggleButton ref={folderButton} expanded={open === 'folder'} controls={formId} onClick={() => toggle('folder')}>
          <FolderPlus aria-hidden="true" className="size-3.5" />
          New folder
        </ToggleButton>
      </div>
      {open === 'feed' && <AddFeedForm id={formId} focusRequest={addFeedRequest} onClose={() => close(feedButton)} />}
      {open === 'folder' && <CreateFolderForm id={formId} onClose={() => close(folderButton)} />}
    </div>
  );
}

function ToggleButton({
  ref,
  expanded,
  controls,
  onClick,
  children,
}: {
  ref: RefObject<HTMLButtonElement | null>;
  expanded: boolean;
  /** The opened form's id: named only while it is there. */
  controls: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      onClick={onClick}
      className={buttonClass(
        'secondary',
        'sm',
        'h-8 min-w-0 flex-1 gap-1 whitespace-nowrap px-1.5 text-[0.8125rem] aria-expanded:border-accent/50 aria-expanded:bg-accent-soft aria-expanded:text-accent-strong',
      )}
    >
      {children}
    </button>
  );
}
