import CircleCheck from 'lucide-react/icons/circle-check';
import CircleSlash from 'lucide-react/icons/circle-slash';
import Mail from 'lucide-react/icons/mail';
import Send from 'lucide-react/icons/send';
import { useState, type FormEvent } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import type { EmailTabQuery } from './__generated__/EmailTabQuery.graphql';
import { Panel } from './AdminPanel';
import { useSendTestEmail } from './useSendTestEmail';

const ENTER_ADDRESS = 'Please enter an email address';

/** The Email tab: whether the instance sends e-mail, and a form to send a test e-mail. */
export function EmailTab() {
  const { adminEmailStatus: status } = useLazyLoadQuery<EmailTabQuery>(
    graphql`
      query EmailTabQuery {
        adminEmailStatus {
          configured
          provider
          fromEmail
        }
      }
    `,
    {},
    { fetchPolicy: 'network-only' },
  );
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Panel title="Email Configuration" icon={Mail}>
        <div className="flex items-center gap-2">
          {status.configured ? (
            <CircleCheck aria-hidden="true" className="size-5 text-accent-strong" />
          ) : (
            <CircleSlash aria-hidden="true" className="size-5 text-muted" />
          )}
          <p className="font-medium text-ink">{status.configured ? 'Configured' : 'Not configured'}</p>
        </div>
        {status.configured ? (
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted">Provider</dt>
            <dd className="capitalize text-ink">{status.provider}</dd>
            <dt className="text-muted">From</dt>
            <dd className="break-all text-ink">{status.fromEmail}</dd>
          </dl>
        ) : (
          <p className="mt-2 text-sm text-muted">
            Tidings sends no e-mail (password resets, digests). Set POSTMARK_SERVER_TOKEN and EMAIL_FROM on the server to turn it on.
          </p>
        )}
      </Panel>
      <Panel title="Send Test Email" description="Sends one e-mail now and shows what the provider answered" icon={Send}>
        <TestEmailForm />
      </Panel>
    </div>
  );
}

function TestEmailForm() {
  const [to, setTo] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [send, sending] = useSendTestEmail();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = to.trim();
    if (!address) return setError(ENTER_ADDRESS);
    setError(undefined);
    send(address, () => setTo(''));
  };
  return (
    // noValidate: the spec's own message for a missing address, not the browser's; the server checks the format.
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        placeholder="you@example.org"
        value={to}
        error={error}
        onChange={(event) => {
          setTo(event.target.value);
          if (error) setError(undefined);
        }}
        className="flex-1"
      />
      <button type="submit" disabled={sending} className={buttonClass('primary', 'md', 'sm:mt-7')}>
        <Send aria-hidden="true" className="size-4" />
        {sending ? 'Sending…' : 'Send Test'}
      </button>
    </form>
  );
}
