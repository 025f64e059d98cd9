import type { RecordSourceSelectorProxy } from 'relay-runtime';

/**
 * A mutation updater that moves the allowance a payload brings (its `inviteRateLimit`) into the one the screen
 * reads (Query.inviteRateLimit): the allowance has no id, so Relay cannot match the two records by itself.
 */
export function inviteAllowanceUpdater(mutationField: 'createInviteCode' | 'deleteInviteCode') {
  return (store: RecordSourceSelectorProxy) => {
    const fresh = store.getRootField(mutationField)?.getLinkedRecord('inviteRateLimit');
    const shown = store.getRoot().getLinkedRecord('inviteRateLimit');
    if (fresh && shown) shown.copyFieldsFrom(fresh);
  };
}
