import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { ArticlesFrame } from '../articles/ArticlesScreen';

/**
 * What /shares shows when its list cannot be loaded ('Failed to load shared articles'), with Try again. Said
 * once, here: no toast repeats it.
 */
export function SharesLoadFailed({ error, reset }: ErrorComponentProps) {
  return (
    <ArticlesFrame>
      <LoadFailed title="Failed to load shared articles" reason={loadFailureReason(error)} reset={reset} />
    </ArticlesFrame>
  );
}
