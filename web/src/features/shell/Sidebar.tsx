import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import type { PreloadedQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import { Wordmark } from '../../ui/Wordmark';
import type { loadFeedsQuery } from '../feeds/__generated__/loadFeedsQuery.graphql';
import { FeedsAndFoldersSection } from '../feeds/FeedsAndFoldersSection';
import { MainNavLinks } from './MainNavLinks';
import { RefreshFeedsButton } from './RefreshFeedsButton';

/** The desktop sidebar: logo, refresh-all, main navigation and 'Feeds & Folders'. */
export function Sidebar({
  feeds,
  ref,
  addFeedRequest,
}: {
  feeds: PreloadedQuery<loadFeedsQuery>;
  ref?: Ref<HTMLElement>;
  /** Counts the requests to add a feed: each new one opens Add feed with the focus in its field. */
  addFeedRequest?: number;
}) {
  return (
    <aside ref={ref} aria-label="Sidebar" className="sticky top-0 hidden h-dvh flex-col gap-6 border-r border-line bg-surface lg:flex">
      <div className="flex h-16 items-center justify-between pl-5 pr-3">
        <Link to="/shares" className="rounded-lg">
          <Wordmark />
        </Link>
        <RefreshFeedsButton />
      </div>
      <nav aria-label="Main" className="px-3">
        <ul className="flex flex-col gap-0.5">
          <MainNavLinks
            linkClass={(active) =>
              cx(
                'flex h-10 items-center gap-3 rounded-lg px-3 text-[0.95rem] font-medium transition-colors',
                active ? 'bg-accent-soft text-accent-strong' : 'text-muted hover:bg-sunken hover:text-ink',
              )
            }
            iconClass="size-[1.125rem]"
          />
        </ul>
      </nav>
      {/* Positioned: the feeds' labels for screen readers scroll with the list instead of lengthening the page. */}
      <div className="relative min-h-0 flex-1 overflow-y-auto px-2 pb-6">
        <FeedsAndFoldersSection feeds={feeds} addFeedRequest={addFeedRequest} />
      </div>
    </aside>
  );
}
