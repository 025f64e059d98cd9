import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadFailed } from './LoadFailed';

/** What a route shows when its data failed to load: the reason and a way to try again. */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  return (
    <section className="py-4">
      <LoadFailed
        title="Something went wrong"
        reason={error instanceof Error ? error.message : 'The page could not be loaded.'}
        reset={reset}
      />
    </section>
  );
}
