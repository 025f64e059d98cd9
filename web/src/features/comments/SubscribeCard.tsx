import Check from 'lucide-react/icons/check';
import Rss from 'lucide-react/icons/rss';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { useSubscribeToNamedFeed } from '../feeds/useSubscribeToNamedFeed';

// What the comment card says when the viewer already follows the feed.
const ALREADY_SUBSCRIBED = () => 'Already subscribed to this feed';

type Props = { feedUrl: string; title: string | null | undefined };

/** The feed's own name when the link detection found one, else the address's host. */
function feedName({ feedUrl, title }: Props): string {
  if (title?.trim()) return title.trim();
  return URL.canParse(feedUrl) ? new URL(feedUrl).host : feedUrl;
}

/**
 * A link in a comment that leads to a feed, offered as a subscription: Subscribe, then Subscribed. A server
 * answer saying the viewer already is subscribed counts as subscribed.
 */
export function SubscribeCard({ feedUrl, title }: Props) {
  const [subscribed, setSubscribed] = useState(false);
  const name = feedName({ feedUrl, title });
  const [subscribe, subscribing] = useSubscribeToNamedFeed(ALREADY_SUBSCRIBED);

  return (
    <div className="mt-3 flex items-center gap-3 rounded-xl border border-line bg-surface px-3 py-2.5 shadow-sm">
      <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-accent-soft text-accent-strong">
        <Rss className="size-4" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="truncate text-sm font-medium text-ink">{name}</span>
        <span className="truncate text-xs text-muted">{feedUrl}</span>
      </span>
      {subscribed ? (
        <span className="inline-flex h-9 shrink-0 items-center gap-1.5 px-2 text-sm font-medium text-accent-strong">
          <Check aria-hidden="true" className="size-4" />
          Subscribed
        </span>
      ) : (
        <button
          type="button"
          onClick={() => subscribe({ url: feedUrl, title: name }, () => setSubscribed(true))}
          disabled={subscribing}
          aria-label={`Subscribe to ${name}`}
          className={buttonClass('primary', 'sm', 'shrink-0')}
        >
          Subscribe
        </button>
      )}
    </div>
  );
}
