import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { parseBookmarkletFragment, type BookmarkletTarget } from '../features/bookmarklet/bookmarkletFragment';
import { BookmarkletWindow } from '../features/bookmarklet/BookmarkletWindow';

// Read once: the router runs beforeLoad again after the fragment has left the address bar.
let taken: { target: BookmarkletTarget | null } | undefined;

/**
 * The bookmarklet's window (outside the signed-in app: it acts with the bookmarklet's token, not the session).
 * The token, address and title travel in the fragment, which no server, log or Referer sees; read from the
 * browser's own address, since the router's location decodes it.
 */
export const Route = createFileRoute('/bookmarklet')({
  beforeLoad: () => (taken ??= { target: parseBookmarkletFragment(window.location.hash) }),
  component: BookmarkletPage,
});

function BookmarkletPage() {
  const { target } = Route.useRouteContext();
  useEffect(() => {
    // Out of the address bar and the history, where the token would otherwise stay.
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return <BookmarkletWindow target={target} />;
}
