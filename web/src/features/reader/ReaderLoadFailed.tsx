import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { useReadingContext } from '../articles/readingContext';
import { returnDestination } from './readerNavigation';

/**
 * 'Failed to load article'. Said once, in place, with Try again and the way back to the list rather than to /:
 * a reader who lost the connection would only meet a second failure there.
 */
export function ReaderLoadFailed({ error, reset }: { error?: unknown; reset?: () => void }) {
  const context = useReadingContext();
  return (
    <section className="mx-auto w-full max-w-3xl">
      <LoadFailed title="Failed to load article" reason={loadFailureReason(error)} reset={reset}>
        <Link {...returnDestination(context)} className={buttonClass('ghost')}>
          {context?.kind === 'shared' ? 'Back to Shared' : 'Back to Articles'}
        </Link>
      </LoadFailed>
    </section>
  );
}
