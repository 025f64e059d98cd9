import { useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useState } from 'react';
import { fetchQuery, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { cx } from '../../ui/cx';
import { PageTitle } from '../../ui/PageTitle';
import type { discoverQuery as DiscoverQuery } from './__generated__/discoverQuery.graphql';
import { discoverQuery } from './discoverQuery';
import { DISCOVER_TABS, type DiscoverTab } from './discoverTabs';
import { PopularFeeds } from './PopularFeeds';
import { SelectionBar } from './SelectionBar';
import { StarterPacks } from './StarterPacks';
import { useBulkSubscribe } from './useBulkSubscribe';

/** The /discover screen: popular feeds and starter packs, picked into one selection of URLs. */
export function DiscoverScreen({ queryRef, tab }: { queryRef: PreloadedQuery<DiscoverQuery>; tab: DiscoverTab }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <PageTitle>Discover Feeds</PageTitle>
      <h1 id="page-title" className="mb-4 font-serif text-2xl font-semibold tracking-tight text-ink sm:mb-6 sm:text-3xl">
        Discover Feeds
      </h1>
      <div role="tablist" aria-label="Discover" className="-mx-4 mb-5 flex gap-1 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0">
        {DISCOVER_TABS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`discover-tab-${value}`}
            aria-selected={value === tab}
            aria-controls="discover-tab-panel"
            onClick={() => void navigate({ to: '/discover', search: { tab: value }, replace: true })}
            className={cx(
              '-mb-px shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors',
              value === tab ? 'border-accent text-ink' : 'border-transparent text-muted hover:text-ink',
            )}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="discover-tab-panel" aria-labelledby={`discover-tab-${tab}`}>
        <Suspense fallback={<DiscoverSkeleton />}>
          <DiscoverLists queryRef={queryRef} tab={tab} />
        </Suspense>
      </div>
    </section>
  );
}

function DiscoverLists({ queryRef, tab }: { queryRef: PreloadedQuery<DiscoverQuery>; tab: DiscoverTab }) {
  const data = usePreloadedQuery<DiscoverQuery>(discoverQuery, queryRef);
  const environment = useRelayEnvironment();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { subscribe, busy, progress } = useBulkSubscribe();

  const toggle = useCallback(
    (url: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(url)) next.add(url);
        return next;
      }),
    [],
  );
  const selectAll = useCallback((urls: readonly string[]) => setSelected((current) => new Set([...current, ...urls])), []);
  const subscribeTo = (urls: readonly string[]) =>
    subscribe(urls, () => {
      setSelected(new Set());
      // What was subscribed is no longer 'popular' for the viewer.
      fetchQuery(environment, discoverQuery, {}, { fetchPolicy: 'network-only' }).subscribe({});
    });

  return (
    <>
      {tab === 'popular' ? (
        <PopularFeeds feeds={data.popularFeeds} selected={selected} onToggle={toggle} />
      ) : (
        <StarterPacks
          packs={data.starterPacks}
          selected={selected}
          busy={busy}
          onToggle={toggle}
          onSelectAll={selectAll}
          onSubscribeAll={subscribeTo}
        />
      )}
      {(selected.size > 0 || progress) && (
        <SelectionBar
          count={selected.size}
          busy={busy}
          progress={progress}
          onClear={() => setSelected(new Set())}
          onSubscribe={() => subscribeTo([...selected])}
        />
      )}
    </>
  );
}

function DiscoverSkeleton() {
  return (
    <div role="status" aria-label="Loading feeds" className="grid animate-pulse gap-2 sm:grid-cols-2">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="h-20 rounded-xl bg-sunken" />
      ))}
    </div>
  );
}
