import { SessionExpiredError } from '../../relay/fetchGraphQL';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { notify } from '../../ui/toast';

/**
 * The 'Failed to load shared articles' toast, for a reload or next page that failed under rows still on
 * screen; an ended session is reported once, by the network layer.
 */
export function reportSharesLoadFailure(error: unknown): void {
  if (!(error instanceof SessionExpiredError))
    notify.error('Failed to load shared articles', { id: 'shares-load', description: loadFailureReason(error) });
}
