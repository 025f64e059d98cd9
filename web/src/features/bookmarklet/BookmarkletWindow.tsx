import X from 'lucide-react/icons/x';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { RelayEnvironmentProvider } from 'react-relay';
import { createEnvironment } from '../../relay/environment';
import { buttonClass } from '../../ui/button';
import { PageTitle } from '../../ui/PageTitle';
import { Wordmark } from '../../ui/Wordmark';
import type { BookmarkletTarget } from './bookmarkletFragment';
import { closeBookmarkletWindow } from './closeWindow';
import { PageFeeds } from './PageFeeds';
import { SharePageForm } from './SharePageForm';

/** What the window says when its token is missing or the server refuses it (revoked, expired). */
export const BOOKMARKLET_REJECTED = 'This bookmarklet no longer works. Create a new one in Settings.';

/**
 * The Tidings window the bookmarklet opens on a page (a frame on it, or a popup): the page's title and host,
 * the feeds it advertises to subscribe to, and a share with a note. It acts with the bookmarklet's token through
 * a Relay environment of its own, never the signed-in session's; Escape or Close closes it.
 */
export function BookmarkletWindow({ target }: { target: BookmarkletTarget | null }) {
  const [rejected, setRejected] = useState(false);
  const reject = useCallback(() => setRejected(true), []);
  const relay = useMemo(() => (target ? createEnvironment(target.token, reject) : null), [target, reject]);
  useEffect(() => () => relay?.dispose(), [relay]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeBookmarkletWindow();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink">
      <PageTitle>Share a page</PageTitle>
      <header className="flex items-center justify-between gap-3 border-b border-line bg-surface py-1.5 pl-4 pr-1.5">
        <Wordmark className="text-lg" />
        <button type="button" onClick={closeBookmarkletWindow} aria-label="Close" className={buttonClass('ghost', 'icon')}>
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>
      <main className="flex flex-1 flex-col gap-4 px-4 py-3">
        {!target || !relay || rejected ? (
          <p role="alert" className="rounded-lg border border-danger/40 bg-danger-soft px-3 py-2.5 text-sm text-ink">
            {BOOKMARKLET_REJECTED}
          </p>
        ) : !target.page ? (
          <p role="alert" className="text-sm text-muted">
            Tidings can subscribe to and share web pages only (http and https addresses).
          </p>
        ) : (
          <RelayEnvironmentProvider environment={relay.environment}>
            <div className="flex min-w-0 flex-col gap-0.5">
              <h1 className="line-clamp-2 break-words font-serif text-lg font-semibold leading-snug">{target.page.title}</h1>
              <p className="truncate text-sm text-muted">{new URL(target.page.url).host}</p>
            </div>
            <PageFeeds url={target.page.url} />
            <SharePageForm url={target.page.url} />
          </RelayEnvironmentProvider>
        )}
      </main>
    </div>
  );
}
