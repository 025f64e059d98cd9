import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';

/**
 * 'Failed to load user shares'. Said once, in place, with Try again and the way to the directory rather than to /:
 * a reader who lost the connection would only meet a second failure there.
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
