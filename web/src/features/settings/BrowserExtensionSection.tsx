import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Download from 'lucide-react/icons/download';
import Puzzle from 'lucide-react/icons/puzzle';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';
import { NewTokenSecret } from './NewTokenSecret';
import { SettingsSection } from './SettingsSection';
import { useCreateApiToken } from './useCreateApiToken';

/** Served by the Tidings server itself, built from extension/ in this repository. */
export const EXTENSION_ZIP = '/tidings-extension.zip';
const EXTENSION_TOKEN_NAME = 'Browser extension';

/**
 * The Browser Extension section: download the extension, install it, and give it this instance's address and a token
 * of its own (revocable in API Tokens) rather than the session's.
 */
export function BrowserExtensionSection() {
  const [secret, setSecret] = useState<string | null>(null);
  const [create, creating] = useCreateApiToken();
  const [copyAddress, addressCopied] = useCopyToClipboard('Address copied to clipboard!');
  const address = window.location.origin;
  return (
    <SettingsSection
      id="extension"
      title="Browser Extension"
      icon={Puzzle}
      description="Subscribe to the feeds of the page you are on, or share it with a note, in one click from the toolbar (Chrome, Edge, Brave)."
    >
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-[0.95rem] text-ink marker:font-semibold marker:text-muted">
        <li>
          <p>Download the extension and unzip it.</p>
          <a href={EXTENSION_ZIP} download className={buttonClass('secondary', 'sm', 'mt-2')}>
            <Download aria-hidden="true" className="size-4" />
            Download tidings-extension.zip
          </a>
        </li>
        <li>
          Open <code className="rounded bg-sunken px-1.5 py-0.5 font-mono text-sm">chrome://extensions</code>, turn on Developer mode,
          choose <strong className="font-semibold">Load unpacked</strong> and pick the unzipped folder.
        </li>
        <li>
          <p>In the extension’s options, enter this instance’s address and a token made for it.</p>
          <div className="mt-2 flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <code
                aria-label="This instance's address"
                className="break-all rounded-lg border border-line bg-surface px-3 py-1.5 font-mono text-sm"
              >
                {address}
              </code>
              <button type="button" onClick={() => copyAddress(address)} className={buttonClass('ghost', 'sm')}>
                {addressCopied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
                {addressCopied ? 'Copied' : 'Copy address'}
              </button>
            </div>
            {secret ? (
              <NewTokenSecret name={EXTENSION_TOKEN_NAME} secret={secret} />
            ) : (
              <button
                type="button"
                disabled={creating}
                onClick={() => create({ name: EXTENSION_TOKEN_NAME }, setSecret)}
                className={buttonClass('primary', 'sm', 'self-start')}
              >
                {creating ? 'Creating…' : 'Create a token for the extension'}
              </button>
            )}
          </div>
        </li>
      </ol>
    </SettingsSection>
  );
}
