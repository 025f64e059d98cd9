import { lazy } from 'react';
import type { ConfirmDialogProps } from './ConfirmDialogPanel';
import { OnceOpened } from './OnceOpened';

const ConfirmDialogPanel = lazy(() => import('./ConfirmDialogPanel'));

/**
 * A confirmation for a destructive step on Radix' dialog: focus is trapped and returned,
 * Escape and Cancel close it, and Cancel takes the first focus so Enter never destroys by accident. Its code loads
 * when it first opens, so a screen with a confirmation does not carry the dialog library.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <OnceOpened open={props.open}>
      <ConfirmDialogPanel {...props} />
    </OnceOpened>
  );
}
