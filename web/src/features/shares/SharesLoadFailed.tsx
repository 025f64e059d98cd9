import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClass } from '../../ui/button';
import { ArticlesFrame } from '../articles/ArticlesScreen';
import { loadFailureReason } from '../articles/loadFailureReason';
import { reportSharesLoadFailure } from './reportSharesLoadFailure';

/** What /shares shows when its list cannot be loaded (spec part 1 §8: 'Failed to load shared articles'), with Try again. */
export function SharesLoadFailed({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const reason = loadFailureReason(error);
  useEffect(() => reportSharesLoadFailure(error, reason), [error, reason]);
  const retry = () => {
    void router.invalidate();
    reset();
  };
  return (
    <ArticlesFrame>
      <div role="alert" className="flex flex-col items-center px-6 py-16 text-center">
        <TriangleAlert aria-hidden="true" className="mb-4 size-10 text-danger" strokeWidth={1.75} />
        <h1 id="page-title" className="font-serif text-2xl font-semibold text-ink">
          Failed to load shared articles
        </h1>
        {reason && <p className="mt-2 max-w-md text-muted">{reason}</p>}
        <button type="button" onClick={retry} className={buttonClass('secondary', 'md', 'mt-6')}>
          Try again
        </button>
      </div>
    </ArticlesFrame>
  );
}
