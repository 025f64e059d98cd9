import { RefreshCw } from 'lucide-react';
import { buttonClass } from '../../ui/button';

const NOT_YET = 'Refresh all feeds — available once feeds arrive in Tidings';

/**
 * Refresh-all-feeds (spec part 1 §2). Feeds land in a later issue, so it is announced as unavailable but stays
 * focusable (aria-disabled, not disabled) so keyboard and screen-reader users can find out why.
 */
export function RefreshFeedsButton({ className }: { className?: string }) {
  return (
    <button type="button" aria-label="Refresh all feeds" aria-disabled="true" title={NOT_YET} className={buttonClass('ghost', 'icon', className)}>
      <RefreshCw aria-hidden="true" className="size-[1.125rem]" />
    </button>
  );
}
