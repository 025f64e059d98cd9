import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';

/** What /discover shows when its lists cannot be loaded: 'Failed to load discover data'. */
export function DiscoverLoadFailed({ error, reset }: ErrorComponentProps) {
  return (
    <section className="mx-auto w-full max-w-5xl">
      <LoadFailed title="Failed to load discover data" reason={loadFailureReason(error)} reset={reset} />
    </section>
  );
}
