import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { notify } from '../../ui/toast';

/** What /digest shows when the list cannot be loaded: the 'Failed to load digests' toast and Try again. */
export function DigestsLoadFailed({ error, reset }: ErrorComponentProps) {
  // One toast per failure, however often React runs the effect.
  useEffect(() => void notify.error('Failed to load digests', { id: 'digests-load-failed' }), []);
  return (
    <section className="mx-auto w-full max-w-5xl">
      <LoadFailed title="Failed to load digests" reason={loadFailureReason(error)} reset={reset} />
    </section>
  );
}
