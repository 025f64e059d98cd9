import { Plus, Rss } from 'lucide-react';

/** The 'Feeds & Folders' area of the sidebar and the drawer: an honest empty state until feeds arrive. */
export function FeedsAndFolders({ showAddFeed = false }: { showAddFeed?: boolean }) {
  return (
    <section aria-labelledby="feeds-heading" className="flex flex-col gap-3">
      <h2 id="feeds-heading" className="px-3 text-xs font-semibold uppercase tracking-wider text-muted">
        Feeds &amp; Folders
      </h2>
      <div className="mx-1 rounded-xl border border-dashed border-line px-4 py-5 text-center">
        <Rss aria-hidden="true" className="mx-auto mb-2 size-6 text-muted/70" strokeWidth={1.75} />
        <p className="text-sm font-medium text-ink">No feeds yet</p>
        <p className="mt-1 text-[0.8125rem] leading-relaxed text-muted">Your folders and subscriptions will be listed here.</p>
      </div>
      {showAddFeed && (
        <div className="mx-1 flex items-start gap-3 rounded-xl bg-sunken px-4 py-3">
          <Plus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
          <p className="text-[0.8125rem] leading-relaxed text-muted">
            <span className="font-medium text-ink">Add Feed</span> — subscribing by website or feed URL is coming soon.
          </p>
        </div>
      )}
    </section>
  );
}
