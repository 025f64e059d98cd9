import * as Dialog from '@radix-ui/react-dialog';
import X from 'lucide-react/icons/x';
import { IconButton } from './IconButton';

/** The × that closes the Radix dialog it stands in; `label` names what it closes for screen readers. */
export function DialogCloseButton({ label, className }: { label: string; className?: string }) {
  return (
    <Dialog.Close asChild>
      <IconButton label={label} className={className}>
        <X aria-hidden="true" className="size-5" />
      </IconButton>
    </Dialog.Close>
  );
}
