import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';

/**
 * Spec part 1 §8: 'Failed to load user shares'. Said once, in place, with Try again and the way to the directory:
 * sent to / as the spec had it, a reader who lost the connection met a second failure there (issue 15).
 */
export function ProfileLoadFailed({ error, reset }: { error?: unknown; reset?: () => void }) {
  return (
    <section className="mx-auto w-full max-w-3xl">
      <LoadFailed title="Failed to load user shares" reason={loadFailureReason(error)} reset={reset}>
        <Link to="/users" className={buttonClass('ghost')}>
          Go to the users directory
        </Link>
      </LoadFailed>
    </section>
  );
}
