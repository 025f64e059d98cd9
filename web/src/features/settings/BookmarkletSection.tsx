import { Bookmark, Copy } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { buttonClass } from '../../ui/button';
import { notify } from '../../ui/toast';
import { bookmarkletCode } from '../bookmarklet/bookmarkletCode';
import { BOOKMARKLET_TOKEN_NAME, useCreateBookmarklet } from './useCreateBookmarklet';

/**
 * Settings' Bookmarklet section (spec part 2 §2.4): Create bookmarklet makes an API token named "Bookmarklet";
 * then desktops get a link to drag to the bookmarks bar and phones (below Tailwind's lg, 1024px) a button that
 * copies its code. The token is in the code and shown only now.
 */
export function BookmarkletSection() {
  const id = useId();
  const [code, setCode] = useState<string | null>(null);
  const [create, creating] = useCreateBookmarklet();
  const link = useRef<HTMLAnchorElement>(null);

  // React refuses javascript: URLs in href; the bookmarklet is exactly one, so it is set on the element itself.
  useLayoutEffect(() => {
    if (code) link.current?.setAttribute('href', code);
  }, [code]);

  const copy = () => {
    if (!code) return;
    navigator.clipboard.writeText(code).then(
      () => notify.success('Bookmarklet code copied to clipboard!'),
      () => notify.error('Failed to copy bookmarklet code'),
    );
  };

  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold text-ink">
        Bookmarklet
      </h2>
      <p className="text-sm text-muted">Share any page you are reading, or subscribe to its feeds, from your browser&apos;s bookmarks.</p>
      {code ? (
        <>
          <div className="hidden flex-col items-start gap-2 lg:flex">
            <p className="text-sm text-ink">Drag this link to your bookmarks bar:</p>
            <a
              ref={link}
              // Clicked here it would run on Tidings itself; it is meant to be dragged.
              onClick={(event) => event.preventDefault()}
              className={buttonClass('secondary', 'sm', 'cursor-grab')}
            >
              <Bookmark aria-hidden="true" className="size-4" />
              Share to Tidings
            </a>
          </div>
          <div className="flex flex-col items-start gap-2 lg:hidden">
            <button type="button" onClick={copy} className={buttonClass('secondary', 'sm')}>
              <Copy aria-hidden="true" className="size-4" />
              Copy bookmarklet code
            </button>
            <p className="text-sm text-muted">Add a bookmark and paste the code as its address.</p>
          </div>
          <p className="text-sm text-muted">
            The bookmarklet carries a new token, shown only now: create another bookmarklet to get it again. Revoking the &ldquo;
            {BOOKMARKLET_TOKEN_NAME}&rdquo; token in API tokens disables it.
          </p>
        </>
      ) : (
        <button
          type="button"
          disabled={creating}
          onClick={() => create((token) => setCode(bookmarkletCode(window.location.origin, token)))}
          className={buttonClass('primary', 'sm', 'self-start')}
        >
          {creating ? 'Creating...' : 'Create bookmarklet'}
        </button>
      )}
    </section>
  );
}
