import { useRouter } from '@tanstack/react-router';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { useEffect, useRef, type ReactNode } from 'react';
import { buttonClass } from './button';
import { PageTitle } from './PageTitle';
import { useOnline } from './useOnline';

type Props = {
  title: string;
  /** The server's reason, when it gave one. */
  reason?: string | null;
  /** The route error boundary's reset, when a route boundary caught the failure. */
  reset?: () => void;
  /** Other ways out, beside Try again. */
  children?: ReactNode;
};

/**
 * What a screen shows when its data failed to load: what failed, why, Try again, and any other way out. Offline, it
 * says it will load again by itself, and does as the connection comes back.
 */
export function LoadFailed({ title, reason, reset, children }: Props) {
  const router = useRouter();
  const retry = () => {
    // Loaders run again (a failed Relay request is not cached), then the boundary renders the fresh result.
    void router.invalidate();
    reset?.();
  };
  const online = useOnline();
  const latestRetry = useRef(retry);
  useEffect(() => {
    latestRetry.current = retry;
  });
  // The browser fires 'online' only after it was offline: the failure was the connection's, so it is worth a retry.
  useEffect(() => {
    const retryOnline = () => latestRetry.current();
    window.addEventListener('online', retryOnline);
    return () => window.removeEventListener('online', retryOnline);
  }, []);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
      <PageTitle>{title}</PageTitle>
      <TriangleAlert aria-hidden="true" className="mb-4 size-10 text-danger" strokeWidth={1.75} />
      <h1 id="page-title" className="font-serif text-2xl font-semibold text-ink">
        {title}
      </h1>
      {reason && <p className="mt-2 text-muted">{reason}</p>}
      {!online && <p className="mt-2 text-muted">It loads again by itself once you are back online.</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        <button type="button" onClick={retry} className={buttonClass('secondary')}>
          Try again
        </button>
        {children}
      </div>
    </div>
  );
}
