import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from './button';
import { dialogOverlayClass, dialogPanelClass } from './dialog';
import { inputClass } from './TextField';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  label: string;
  initialValue: string;
  maxLength: number;
  /** A blank name is allowed (e.g. a feed's own title falls back to the feed's); otherwise Save needs text. */
  allowBlank?: boolean;
  onSave: (value: string) => void;
};

/** A small dialog with one name field; Save is disabled until the trimmed name is valid and changed. */
export function RenameDialog({ open, onOpenChange, ...rest }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content aria-describedby={undefined} className={dialogPanelClass}>
          {/* Mounted only while open, so each opening starts from the current name. */}
          <RenameForm {...rest} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RenameForm({
  title,
  label,
  initialValue,
  maxLength,
  allowBlank,
  onSave,
  onClose,
}: Omit<Props, 'open' | 'onOpenChange'> & { onClose: () => void }) {
  const id = useId();
  const [value, setValue] = useState(initialValue);
  const trimmed = value.trim();
  const valid = (allowBlank || trimmed.length > 0) && trimmed.length <= maxLength && trimmed !== initialValue.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    onClose();
    onSave(trimmed);
  };
  return (
    <form onSubmit={submit}>
      <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
      <label htmlFor={id} className="mt-4 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        className={`${inputClass()} mt-1.5`}
        value={value}
        maxLength={maxLength}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="mt-6 flex justify-end gap-2">
        <Dialog.Close type="button" className={buttonClass('secondary', 'sm')}>
          Cancel
        </Dialog.Close>
        <button type="submit" disabled={!valid} className={buttonClass('primary', 'sm')}>
          Save
        </button>
      </div>
    </form>
  );
}
