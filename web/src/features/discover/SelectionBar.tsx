import Loader2 from 'lucide-react/icons/loader-circle';
import { buttonClass } from '../../ui/button';
import { selectedText } from './bulkSubscribeToasts';
import type { BulkProgress } from './useFollowBulkJob';

type Props = { count: number; busy: boolean; progress: BulkProgress | null; onClear: () => void; onSubscribe: () => void };

/** The sticky bar of a Discover selection: how many, Clear and 'Subscribe to Selected' ('n of N' while a job runs). */
export function SelectionBar({ count, busy, progress, onClear, onSubscribe }: Props) {
  return (
    <div
      role="region"
      aria-label="Selection"
      className="sticky bottom-[calc(env(safe-area-inset-bottom)+4.5rem)] z-10 mt-5 flex items-center gap-2 rounded-2xl border border-line bg-surface/95 p-3 shadow-lg backdrop-blur lg:bottom-4"
    >
      <p className="min-w-0 flex-1 text-sm font-medium text-ink" aria-live="polite">
        {progress ? `Subscribing… ${progress.done} of ${progress.total}` : selectedText(count)}
      </p>
      {!progress && (
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onClear} disabled={busy}>
          Clear
        </button>
      )}
      <button type="button" className={buttonClass('primary', 'sm')} onClick={onSubscribe} disabled={busy}>
        {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
        Subscribe to Selected
      </button>
    </div>
  );
}
