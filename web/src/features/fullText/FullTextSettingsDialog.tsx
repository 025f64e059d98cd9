import { lazy } from 'react';
import { OnceOpened } from '../../ui/OnceOpened';
import type { FullTextSettingsDialogProps } from './FullTextSettingsDialogPanel';

const FullTextSettingsDialogPanel = lazy(() => import('./FullTextSettingsDialogPanel'));

/** A feed's full-article settings in a dialog; its code (the form, Radix' dialog) loads when it first opens. */
export function FullTextSettingsDialog(props: FullTextSettingsDialogProps) {
  return (
    <OnceOpened open={props.open}>
      <FullTextSettingsDialogPanel {...props} />
    </OnceOpened>
  );
}
