import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonClass } from './button';

/** What a route shows when its data failed to load: the reason and a way to try again. */
export function ErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    // Loaders run again (a failed Relay request is not cached), then the boundary renders the fresh result.
    void router.invalidate();
    reset();
  };
  return (
    <section role="alert" className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <TriangleAlert aria-hidden="true" className="mb-4 size-10 text-danger" strokeWidth={1.75} />
      <h1 className="font-serif text-2xl font-semibold text-ink">Something went wrong</h1>
      <p className="mt-2 text-muted">{error instanceof Error ? error.message : 'The page could not be loaded.'}</p>
      <button type="button" onClick={retry} className={buttonClass('secondary', 'md', 'mt-6')}>
        Try again
      </button>
    </section>
  );
}
