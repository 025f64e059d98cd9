import { buttonClass } from '../../ui/button';
import type { discoverQuery$data } from './__generated__/discoverQuery.graphql';
import { FeedOption } from './FeedOption';
import { PackIcon } from './PackIcon';

type Pack = discoverQuery$data['starterPacks'][number];

type Props = {
  packs: discoverQuery$data['starterPacks'];
  selected: ReadonlySet<string>;
  busy: boolean;
  onToggle: (url: string) => void;
  onSelectAll: (urls: readonly string[]) => void;
  onSubscribeAll: (urls: readonly string[]) => void;
};

/** 'Starter Packs': themed sets of well-known feeds, each to pick from or to subscribe to whole. */
export function StarterPacks({ packs, ...actions }: Props) {
  return (
    <ul aria-label="Starter packs" className="grid gap-4 lg:grid-cols-2">
      {packs.map((pack) => (
        <li key={pack.packId}>
          <StarterPackCard pack={pack} {...actions} />
        </li>
      ))}
    </ul>
  );
}

function StarterPackCard({ pack, selected, busy, onToggle, onSelectAll, onSubscribeAll }: { pack: Pack } & Omit<Props, 'packs'>) {
  const urls = pack.feeds.map((feed) => feed.url);
  const headingId = `pack-${pack.packId}`;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col rounded-2xl border border-line bg-surface p-4">
      <header className="flex items-start gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-strong">
          <PackIcon name={pack.icon} className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 id={headingId} className="font-serif text-lg font-semibold text-ink">
            {pack.name}
          </h2>
          <p className="text-sm text-muted">{pack.description}</p>
        </div>
      </header>
      <ul aria-label={`${pack.name} feeds`} className="mt-3 grid flex-1 gap-2">
        {pack.feeds.map((feed) => (
          <li key={feed.url}>
            <FeedOption {...feed} selected={selected.has(feed.url)} onToggle={onToggle} />
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass('secondary', 'sm')} onClick={() => onSelectAll(urls)} disabled={busy}>
          Select All
        </button>
        <button type="button" className={buttonClass('primary', 'sm')} onClick={() => onSubscribeAll(urls)} disabled={busy}>
          {`Subscribe to All ${urls.length} Feeds`}
        </button>
      </div>
    </article>
  );
}
