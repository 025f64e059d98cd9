import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import Mail from 'lucide-react/icons/mail';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useId, useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { formatDate } from '../../ui/dates';
import { inputClass } from '../../ui/TextField';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';
import type { NewslettersSection_address$key } from './__generated__/NewslettersSection_address.graphql';
import { SettingsSection } from './SettingsSection';
import { useRegenerateNewsletterAddress } from './useRegenerateNewsletterAddress';

/** The folder the `+folder` example files a sender into. */
const EXAMPLE_FOLDER = 'tech';

/** The address with a folder after a plus (`key+tech@domain`), which files the sender into that folder. */
export function addressWithFolder(address: string, folder: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? `${address}+${folder}` : `${address.slice(0, at)}+${folder}${address.slice(at)}`;
}

/**
 * Settings → Newsletters: the viewer's address to subscribe to newsletters with (Copy), what becomes of the mail sent
 * there, New address (the replaced one keeps taking mail for a week), or why there is none on this instance.
 */
export function NewslettersSection({ address }: { address: NewslettersSection_address$key | null }) {
  const data = useFragment(
    graphql`
      fragment NewslettersSection_address on NewsletterAddress {
        address
        previous {
          address
          expiresAt
        }
      }
    `,
    address,
  );
  return (
    <SettingsSection
      id="newsletters"
      title="Newsletters"
      icon={Mail}
      description="Subscribe to newsletters with your own address and read them here, beside your feeds."
    >
      {data ? (
        <AddressPanel address={data.address} previous={data.previous ?? null} />
      ) : (
        <p className="rounded-xl bg-sunken/60 px-4 py-3.5 text-sm leading-relaxed text-muted">
          This instance does not receive newsletters. Its administrator can set it up (INBOUND_DOMAIN).
        </p>
      )}
    </SettingsSection>
  );
}

type Previous = { readonly address: string; readonly expiresAt: string } | null;

function AddressPanel({ address, previous }: { address: string; previous: Previous }) {
  const fieldId = useId();
  const [copy, copied] = useCopyToClipboard('Address copied');
  const [regenerate, regenerating] = useRegenerateNewsletterAddress();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fieldId} className="text-sm font-medium text-ink">
          Your newsletter address
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={fieldId}
            readOnly
            value={address}
            spellCheck={false}
            onFocus={(event) => event.target.select()}
            className={cx(inputClass(), 'min-w-0 font-mono text-sm sm:flex-1')}
          />
          <button type="button" onClick={() => copy(address)} className={buttonClass('primary', 'md', 'sm:min-w-28')}>
            {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      </div>
      <div className="flex flex-col gap-2 text-sm leading-relaxed text-muted">
        <p>
          Each sender becomes a feed in your “Newsletters” folder, and each issue an article you read, search and share like any other. To
          file a sender into another folder, add its name after a plus:{' '}
          <code className="wrap-anywhere rounded bg-sunken px-1 py-0.5 font-mono text-[0.8125rem] text-ink">
            {addressWithFolder(address, EXAMPLE_FOLDER)}
          </code>{' '}
          puts it in “{EXAMPLE_FOLDER}”.
        </p>
        <p>A newsletter that asks you to confirm sends that e-mail here too: open it in the feed and follow its link.</p>
      </div>
      {previous && (
        <p className="rounded-xl bg-sunken/60 px-4 py-3 text-sm leading-relaxed text-muted">
          Your previous address <span className="wrap-anywhere font-mono text-[0.8125rem] text-ink">{previous.address}</span> keeps taking
          mail until{' '}
          <time dateTime={previous.expiresAt} className="font-medium text-ink">
            {formatDate(new Date(previous.expiresAt), 'dateTime')}
          </time>
          .
        </p>
      )}
      <button
        type="button"
        disabled={regenerating}
        onClick={() => setConfirming(true)}
        className={buttonClass('secondary', 'sm', 'self-start')}
      >
        <RefreshCw aria-hidden="true" className="size-4" />
        {regenerating ? 'Making a new address…' : 'New address'}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="New newsletter address"
        message="The current address keeps working for 7 days, then mail to it is refused. Give the new one to the newsletters you read."
        confirmLabel="New address"
        onConfirm={regenerate}
      />
    </div>
  );
}
