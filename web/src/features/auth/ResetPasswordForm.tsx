import { useNavigate } from '@tanstack/react-router';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useEffect, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import { useResetPassword } from './useResetPassword';
import { validateNewPassword, type FieldErrors } from './validation';

/** After a successful reset, go to sign-in after 2000 ms. */
export const REDIRECT_AFTER_RESET_MS = 2000;

type Values = { password: string; confirmPassword: string };

/** Reset password: sets a new password with the link's token, then goes to sign-in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [reset, isInFlight] = useResetPassword();
  const [values, setValues] = useState<Values>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [done, setDone] = useState<string>();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => void navigate({ to: '/login' }), REDIRECT_AFTER_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateNewPassword(values);
    if (result.errors) return setErrors(result.errors);
    reset(token, result.data.password, setDone);
  };

  if (done) {
    return (
      <div
        role="status"
        className="flex gap-3 rounded-xl border border-accent/30 bg-accent-soft p-4 text-[0.95rem] leading-relaxed text-ink"
      >
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <p>
          {done} <span className="text-muted">Taking you to sign in…</span>
        </p>
      </div>
    );
  }

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={change('confirmPassword')}
        error={errors.confirmPassword}
      />
      <button type="submit" disabled={isInFlight} className={buttonClass('primary', 'md', 'w-full')}>
        {isInFlight ? 'Resetting...' : 'Reset password'}
      </button>
    </form>
  );
}
