import RefreshCw from 'lucide-react/icons/refresh-cw';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { useRefreshAllFeeds } from '../feeds/useRefreshAllFeeds';

/** Refresh all feeds: spins and is disabled while it runs; `useRefreshAllFeeds` does the rest. */
export function RefreshFeedsButton({ className }: { className?: string }) {
  const [refresh, running] = useRefreshAllFeeds();
  const label = running ? 'Refreshing all feeds' : 'Refresh all feeds';
  return (
    <button
      type="button"
      onClick={refresh}
      disabled={running}
      aria-label="Refresh all feeds"
      title={label}
      className={buttonClass('ghost', 'icon', className)}
    >
      <RefreshCw aria-hidden="true" className={cx('size-[1.125rem]', running && 'animate-spin')} />
    </button>
  );
}
