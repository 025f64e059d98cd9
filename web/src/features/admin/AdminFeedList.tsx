import { graphql, useFragment } from 'react-relay';
import type { AdminFeedList_feeds$key } from './__generated__/AdminFeedList_feeds.graphql';
import { NothingYet, plural } from './AdminPanel';

/** The feeds with the most subscribers (Statistics and Analytics), numbered; a feed without a title shows its address. */
export function AdminFeedList({ feeds }: { feeds: AdminFeedList_feeds$key }) {
  const list = useFragment(
    graphql`
      fragment AdminFeedList_feeds on AdminPopularFeed @relay(plural: true) {
        feedId
        title
        url
        subscriberCount
      }
    `,
    feeds,
  );
  if (list.length === 0) return <NothingYet>No one has subscribed to a feed yet.</NothingYet>;
  return (
    <ol className="divide-y divide-line">
      {list.map((feed, index) => (
        <li key={feed.feedId} className="flex items-center gap-3 py-2.5">
          <span className="w-5 shrink-0 text-right text-sm tabular-nums text-muted">{index + 1}</span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-ink">{feed.title || feed.url}</p>
            {feed.title && <p className="truncate text-sm text-muted">{feed.url}</p>}
          </div>
          <span className="shrink-0 text-sm tabular-nums text-muted">{plural(feed.subscriberCount, 'subscriber')}</span>
        </li>
      ))}
    </ol>
  );
}
