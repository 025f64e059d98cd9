import CircleCheck from 'lucide-react/icons/circle-check';
import X from 'lucide-react/icons/x';
import { buttonClass } from '../../ui/button';
import type { SubscriptionItem_subscription$key } from './__generated__/SubscriptionItem_subscription.graphql';
import { clearFailingFeedsFilter } from './failingFeedsFilter';
import { SubscriptionItem } from './SubscriptionItem';

type Props = {
  subscriptions: readonly (SubscriptionItem_subscription$key & { readonly id: string })[];
  selectedFeedId: string | undefined;
  onNavigate?: () => void;
};

/** Feeds & Folders filtered to the failing feeds (from refresh-all's report), until the filter is cleared. */
export function FailingFeeds({ subscriptions, selectedFeedId, onNavigate }: Props) {
  return (
    <div className="flex flex-col gap-1.5">
      <div className="mx-1 flex items-center justify-between gap-2 rounded-lg bg-danger-soft py-1 pl-3 pr-1">
        <p className="whitespace-nowrap text-sm font-semibold text-danger">Failing feeds</p>
        <button type="button" onClick={clearFailingFeedsFilter} className={buttonClass('ghost', 'sm', 'h-8 gap-1.5 px-2')}>
          <X aria-hidden="true" className="size-3.5" />
          Show all
        </button>
      </div>
      {subscriptions.length > 0 ? (
        <ul aria-label="Failing feeds" className="flex flex-col gap-0.5">
          {subscriptions.map((subscription) => (
            <SubscriptionItem
              key={subscription.id}
              subscription={subscription}
              folderId={null}
              selectedFeedId={selectedFeedId}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      ) : (
        <p className="flex items-center gap-2 px-3 py-2 text-sm text-muted">
          <CircleCheck aria-hidden="true" className="size-4 text-accent-strong" />
          No feed is failing now.
        </p>
      )}
    </div>
  );
}
