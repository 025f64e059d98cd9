import Rss from 'lucide-react/icons/rss';
import { Suspense, useId, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import type { PageFeedsQuery } from './__generated__/PageFeedsQuery.graphql';
import { alreadySubscribedTo, useSubscribeToNamedFeed } from '../feeds/useSubscribeToNamedFeed';

const hint = 'text-sm text-muted';

/**
 * "Subscribe": the feeds the server finds on the page, each with its own Subscribe button; one the viewer already
 * follows (as the server says, or once subscribed here) shows a disabled "Subscribed" instead.
 */
export function PageFeeds({ url }: { url: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-sm font-semibold uppercase tracking-wide text-muted">
        Subscribe
      </h2>
      <ErrorBoundary
        fallback={(retry) => (
          <p className={hint}>
            Could not look for feeds.{' '}
            <button type="button" onClick={retry} className="font-medium text-accent underline underline-offset-2">
              Try again
            </button>
          </p>
        )}
      >
        <Suspense fallback={<p className={hint}>Looking for feeds on this page...</p>}>
          <FeedList url={url} />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

function FeedList({ url }: { url: string }) {
  const { detectFeeds } = useLazyLoadQuery<PageFeedsQuery>(
    graphql`
      query PageFeedsQuery($url: String!) {
        detectFeeds(url: $url) {
          __typename
          ... on QueryDetectFeedsSuccess {
            data {
              url
              title
              description
              subscribed
            }
          }
          ... on Error {
            message
          }
        }
      }
    `,
    { url },
    { fetchPolicy: 'network-only' },
  );
  const [subscribe, subscribing] = useSubscribeToNamedFeed(alreadySubscribedTo, { reloadsFeeds: false });
  const [subscribed, setSubscribed] = useState<ReadonlySet<string>>(new Set());

  if (detectFeeds.__typename !== 'QueryDetectFeedsSuccess') {
    return <p className={hint}>{(detectFeeds.__typename !== '%other' && detectFeeds.message) || 'Could not look for feeds.'}</p>;
  }
  const feeds = detectFeeds.data ?? [];
  if (feeds.length === 0) return <p className={hint}>This page advertises no feeds.</p>;
  return (
    <ul className="flex flex-col gap-2">
      {feeds.map((feed) => {
        const done = feed.subscribed || subscribed.has(feed.url);
        return (
          <li key={feed.url} className="flex items-center gap-3 rounded-lg border border-line bg-surface px-3 py-1.5">
            <Rss aria-hidden="true" className="size-4 shrink-0 text-accent" />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-sm font-medium text-ink">{feed.title}</span>
              <span className="truncate text-xs text-muted">{feed.url}</span>
            </span>
            <button
              type="button"
              aria-label={`${done ? 'Subscribed to' : 'Subscribe to'} ${feed.title}`}
              disabled={done || subscribing}
              onClick={() => subscribe(feed, () => setSubscribed((before) => new Set(before).add(feed.url)))}
              className={buttonClass(done ? 'secondary' : 'primary', 'sm', 'shrink-0')}
            >
              {done ? 'Subscribed' : 'Subscribe'}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
