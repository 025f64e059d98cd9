import { RefreshCw } from 'lucide-react';
import { graphql, useMutation } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { notify } from '../../ui/toast';
import { emitFeedsRefreshed } from '../feeds/feedsRefreshed';
import { refreshAllMessage } from '../feeds/refreshAll';
import { useReloadFeeds } from '../feeds/loadFeeds';
import type { RefreshFeedsButtonMutation } from './__generated__/RefreshFeedsButtonMutation.graphql';

/**
 * Refresh all feeds (spec part 1 §2, §4): spins and is disabled while it runs, says how many articles are new,
 * then reloads the feeds (their errors may have changed) and tells the article list through 'feeds refreshed'.
 */
export function RefreshFeedsButton({ className }: { className?: string }) {
  const reload = useReloadFeeds();
  const [commit, running] = useMutation<RefreshFeedsButtonMutation>(graphql`
    mutation RefreshFeedsButtonMutation {
      refreshAllSubscriptions {
        articlesAdded
        feedsRefreshed
        failed
        alreadyRunning
      }
    }
  `);
  const refresh = () =>
    commit({
      variables: {},
      onCompleted: ({ refreshAllSubscriptions: outcome }) => {
        const { kind, text } = refreshAllMessage(outcome);
        if (kind === 'success') notify.success(text);
        else notify.info(text);
        if (outcome.alreadyRunning) return;
        void reload();
        emitFeedsRefreshed();
      },
      onError: () => notify.error('Failed to refresh feeds'),
    });
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
      <RefreshCw aria-hidden="true" className={cx('size-[1.125rem]', running && 'animate-spin motion-reduce:animate-none')} />
    </button>
  );
}
