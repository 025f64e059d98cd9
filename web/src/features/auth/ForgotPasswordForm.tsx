import { useEffect, useState, type FormEvent } from 'react';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import Bell from 'lucide-react/icons/bell';
import LifeBuoy from 'lucide-react/icons/life-buoy';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import type { ForgotPasswordFormQuery } from './__generated__/ForgotPasswordFormQuery.graphql';
import { useRequestPasswordReset } from './useRequestPasswordReset';
import { validateForgotPassword } from './validation';

const SENT_NOTICE =
  'If an account exists for that email, a password reset link has been sent. Check your notifications (bell icon) for the reset link.';

/**
 * Without e-mail, the link waits in the account's notifications, which no one who cannot sign in sees: an
 * administrator makes one for them instead (admin panel, Users). The same words whether or not the account exists.
 */
export const ASK_AN_ADMINISTRATOR_NOTICE =
  'This instance does not send e-mail, so a reset link cannot reach you here. Ask an administrator for a password reset link: they can make one for your account.';

const emailQuery = graphql`
  query ForgotPasswordFormQuery {
    instance {
      emailEnabled
    }
  }
`;

/** Whether the instance sends e-mail; null until known (and if it cannot be read), without suspending the form. */
function useEmailEnabled(): boolean | null {
  const environment = useRelayEnvironment();
  const [enabled, setEnabled] = useState<boolean | null>(null);
  useEffect(() => {
    const fetching = fetchQuery<ForgotPasswordFormQuery>(environment, emailQuery, {}, { fetchPolicy: 'store-or-network' }).subscribe({
      next: (data) => setEnabled(data.instance.emailEnabled),
      error: () => {},
    });
    return () => fetching.unsubscribe();
  }, [environment]);
  return enabled;
}

/** Forgot password: asks for a reset link and says where it will arrive (or, without e-mail, whom to ask). */
export function ForgotPasswordForm() {
  const [request, isInFlight] = useRequestPasswordReset();
  const emailEnabled = useEmailEnabled();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForgotPassword({ email });
    if (result.errors) return setError(result.errors.email);
    request(result.data.email, (message) => setNotice(message || SENT_NOTICE));
  };

  if (notice) {
    const askAnAdministrator = emailEnabled === false;
    const Icon = askAnAdministrator ? LifeBuoy : Bell;
    return (
      <div
        role="status"
        className="flex gap-3 rounded-xl border border-accent/30 bg-accent-soft p-4 text-[0.95rem] leading-relaxed text-ink"
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <p>{askAnAdministrator ? ASK_AN_ADMINISTRATOR_NOTICE : notice}</p>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(undefined);
        }}
      />
      <button type="submit" disabled={isInFlight} className={buttonClass('primary', 'md', 'w-full')}>
        {isInFlight ? 'Sending...' : 'Send reset link'}
      </button>
    </form>
  );
}
