import type { ErrorComponentProps } from '@tanstack/react-router';
import { LoadFailed } from '../../ui/LoadFailed';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { ArticlesFrame } from '../articles/ArticlesScreen';

/** What /highlights shows when its list cannot be loaded ('Failed to load highlights'), with Try again. */
export function HighlightsLoadFailed({ error, reset }: ErrorComponentProps) {
  return (
    <ArticlesFrame>
      <LoadFailed title="Failed to load highlights" reason={loadFailureReason(error)} reset={reset} />
    </ArticlesFrame>
  );
}
