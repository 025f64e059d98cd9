import TrendingUp from 'lucide-react/icons/trending-up';
import { EmptyState } from '../../ui/EmptyState';
import type { discoverQuery$data } from './__generated__/discoverQuery.graphql';
import { FeedOption } from './FeedOption';

type Props = { feeds: discoverQuery$data['popularFeeds']; selected: ReadonlySet<string>; onToggle: (url: string) => void };

/** 'Popular on this Instance': the feeds others follow and the viewer does not, most followed first. */
export function PopularFeeds({ feeds, selected, onToggle }: Props) {
  if (feeds.length === 0) {
    return <EmptyState icon={TrendingUp} title="No popular feeds yet" detail="Feeds other people here follow will show up here." />;
  }
  return (
    <ul aria-label="Popular feeds" className="grid gap-2 sm:grid-cols-2">
      {feeds.map((feed) => (
        <li key={feed.feedId}>
          <FeedOption
            url={feed.url}
            title={feed.title}
            description={feed.description}
            detail={`${feed.subscriberCount} ${feed.subscriberCount === 1 ? 'subscriber' : 'subscribers'}`}
            selected={selected.has(feed.url)}
            onToggle={onToggle}
          />
        </li>
      ))}
    </ul>
  );
}
