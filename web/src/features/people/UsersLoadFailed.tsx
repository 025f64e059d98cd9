import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';

/** What /users shows when the directory cannot be loaded ('Failed to load users'), once, with Try again. */
export function UsersLoadFailed({ error, reset }: ErrorComponentProps) {
  return (
    <section className="mx-auto w-full max-w-5xl">
      <LoadFailed title="Failed to load users" reason={loadFailureReason(error)} reset={reset} />
    </section>
  );
}
