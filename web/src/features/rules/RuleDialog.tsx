import { lazy } from 'react';
import { OnceOpened } from '../../ui/OnceOpened';
import type { RuleDialogProps } from './RuleDialogPanel';

const RuleDialogPanel = lazy(() => import('./RuleDialogPanel'));

/** A new rule in a dialog; its code (the form, Radix' dialog) loads when it first opens. */
export function RuleDialog(props: RuleDialogProps) {
  return (
    <OnceOpened open={props.open}>
      <RuleDialogPanel {...props} />
    </OnceOpened>
  );
}
