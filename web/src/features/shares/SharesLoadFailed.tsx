import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoadFailed } from '../../ui/LoadFailed';
import { ArticlesFrame } from '../articles/ArticlesScreen';
import { loadFailureReason } from '../articles/loadFailureReason';
import { reportSharesLoadFailure } from './reportSharesLoadFailure';

/** What /shares shows when its list cannot be loaded (spec part 1 §8: 'Failed to load shared articles'), with Try again. */
export function SharesLoadFailed({ error, reset }: ErrorComponentProps) {
  const reason = loadFailureReason(error);
  useEffect(() => reportSharesLoadFailure(error, reason), [error, reason]);
  return (
    <ArticlesFrame>
      <LoadFailed title="Failed to load shared articles" reason={reason} reset={reset} />
    </ArticlesFrame>
  );
}
