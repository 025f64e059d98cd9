import { SessionExpiredError } from '../../relay/fetchGraphQL';
import { notify } from '../../ui/toast';

/** Spec part 1 §8: 'Failed to load shared articles'; an ended session is reported once, by the network layer. */
export function reportSharesLoadFailure(error: unknown, description?: string): void {
  if (!(error instanceof SessionExpiredError)) notify.error('Failed to load shared articles', { id: 'shares-load', description });
}
