import { useState, type FormEvent } from 'react';
import Bell from 'lucide-react/icons/bell';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import { useRequestPasswordReset } from './useRequestPasswordReset';
import { validateForgotPassword } from './validation';

const SENT_NOTICE =
  'If an account exists for that email, a password reset link has been sent. Check your notifications (bell icon) for the reset link.';

/** Forgot password: asks for a reset link and says where it will arrive. */
export function ForgotPasswordForm() {
  const [request, isInFlight] = useRequestPasswordReset();
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
    return (
      <div
        role="status"
        className="flex gap-3 rounded-xl border border-accent/30 bg-accent-soft p-4 text-[0.95rem] leading-relaxed text-ink"
      >
        <Bell aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <p>{notice}</p>
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
