import Bookmark from 'lucide-react/icons/bookmark';
import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import { useLayoutEffect, useRef, useState } from 'react';
import { buttonClass } from '../../ui/button';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';
import { bookmarkletCode } from '../bookmarklet/bookmarkletCode';
import { useInstance } from '../instance/InstanceProvider';
import { SettingsSection } from './SettingsSection';
import { useCreateApiToken } from './useCreateApiToken';

/** The API token a bookmarklet carries: revoking it in API Tokens disables the bookmarklet. */
const BOOKMARKLET_TOKEN_NAME = 'Bookmarklet';

/**
 * Create bookmarklet makes an API token named "Bookmarklet" of the bookmarklet's narrow scope (look for feeds on a
 * page, subscribe, share the page; nothing it could read, since every page it runs on can see it) and builds the
 * bookmarklet around it; desktops get a link to drag to the bookmarks bar, phones (below Tailwind's lg, 1024px) a
 * button that copies its code. The token is inside the code, which is shown only now.
 */
export function BookmarkletSection() {
  const [token, setToken] = useState<string | null>(null);
  const [create, creating] = useCreateApiToken();
  const [copy, copied] = useCopyToClipboard('Bookmarklet code copied to clipboard!');
  const link = useRef<HTMLAnchorElement>(null);
  // The instance's own address, whichever address this page was opened at: the script the bookmarklet loads opens its
  // window there, so the popup it falls back to goes there too (the page's origin only while the instance loads).
  const { publicUrl } = useInstance();
  // Made at each render, so that a bookmarklet created before the instance loaded takes its address once it has.
  const code = token ? bookmarkletCode(publicUrl || window.location.origin, token) : null;

  // React refuses javascript: URLs in href; the bookmarklet is exactly one, so it is set on the element itself.
  useLayoutEffect(() => {
    if (code) link.current?.setAttribute('href', code);
  }, [code]);

  return (
    <SettingsSection
      id="bookmarklet"
      title="Bookmarklet"
      icon={Bookmark}
      description="Share the page you are reading, or subscribe to its feeds, from your bookmarks, in any browser."
    >
      {code ? (
        <div className="flex flex-col gap-3 text-[0.95rem] text-ink">
          <div className="hidden flex-col items-start gap-2 lg:flex">
            <p>Drag this link to your bookmarks bar, then click it on any page:</p>
            <a
              ref={link}
              // Clicked here it would run on Tidings itself; it is meant to be dragged.
              onClick={(event) => event.preventDefault()}
              className={buttonClass('primary', 'sm', 'cursor-grab')}
            >
              <Bookmark aria-hidden="true" className="size-4" />
              Share to Tidings
            </a>
          </div>
          <div className="flex flex-col items-start gap-2 lg:hidden">
            <p>Copy its code, add a bookmark and paste the code as the bookmark&apos;s address.</p>
            <button type="button" onClick={() => copy(code)} className={buttonClass('primary', 'sm')}>
              {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
              {copied ? 'Copied' : 'Copy bookmarklet code'}
            </button>
          </div>
          <p className="text-sm text-muted">
            It carries a new token, shown only now, that can only find feeds on a page, subscribe and share: make another bookmarklet to get
            one again. Revoking the “{BOOKMARKLET_TOKEN_NAME}” token in API Tokens disables it.
          </p>
        </div>
      ) : (
        <button
          type="button"
          disabled={creating}
          onClick={() => create({ name: BOOKMARKLET_TOKEN_NAME, scope: 'bookmarklet' }, setToken)}
          className={buttonClass('primary', 'sm')}
        >
          {creating ? 'Creating…' : 'Create bookmarklet'}
        </button>
      )}
    </SettingsSection>
  );
}
