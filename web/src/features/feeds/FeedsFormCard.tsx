import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';

type Props = {
  id?: string;
  /** The form's accessible name. */
  name: string;
  /** The visible label of the form's field. */
  label: string;
  fieldId: string;
  noValidate?: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
};

/** Marks the opened forms of Feeds & Folders: the drawer leaves Escape pressed inside one to the form. */
export const FEEDS_FORM_ATTRIBUTE = 'data-feeds-form';

/**
 * An Add feed or New folder form as it opens under its button: the field's label with Cancel beside it, then the
 * form's controls. Escape anywhere in it closes it, and goes no further (not to the screen's own Escape).
 */
export function FeedsFormCard({ id, name, label, fieldId, noValidate, onSubmit, onClose, children }: Props) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };
  return (
    <form
      id={id}
      {...{ [FEEDS_FORM_ATTRIBUTE]: '' }}
      noValidate={noValidate}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
      aria-label={name}
      className="flex flex-col gap-2 rounded-xl border border-line bg-canvas p-2"
    >
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={fieldId} className="min-w-0 truncate text-xs font-medium text-muted">
          {label}
        </label>
        <button
          type="button"
          onClick={onClose}
          className="-my-1 -mr-1 shrink-0 rounded-md px-2 py-1 text-xs font-medium text-muted transition-colors hover:bg-sunken hover:text-ink"
        >
          Cancel
        </button>
      </div>
      {children}
    </form>
  );
}

/** True while the calling component is mounted: a late answer must not act for a form that has been closed. */
export function useMounted() {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
