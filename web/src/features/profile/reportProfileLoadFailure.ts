import { SessionExpiredError } from '../../relay/fetchGraphQL';
import { notify } from '../../ui/toast';

/** Spec part 1 §8: 'Failed to load user shares'; an ended session is reported once, by the network layer. */
export function reportProfileLoadFailure(error: unknown): void {
  if (!(error instanceof SessionExpiredError)) notify.error('Failed to load user shares', { id: 'user-shares-load' });
}
