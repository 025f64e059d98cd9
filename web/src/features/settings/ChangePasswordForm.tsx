import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId, useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import { TextField } from '../../ui/TextField';
import { MIN_PASSWORD_LENGTH, passwordChangeError, type PasswordChange } from './passwordChange';
import { useChangePassword } from './useChangePassword';

const EMPTY: PasswordChange = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The collapsible change-password form: all three fields required, the new password
 * confirmed and at least 8 characters. Success clears and collapses it.
 */
export function ChangePasswordForm() {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [change, changing] = useChangePassword();
  const panelId = useId();

  const close = () => {
    setOpen(false);
    setFields(EMPTY);
    setError(null);
  };
  const field = (name: keyof PasswordChange) => ({
    value: fields[name],
    required: true,
    type: 'password',
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      setError(null);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = passwordChangeError(fields);
    setError(problem);
    if (problem) return;
    change({ currentPassword: fields.currentPassword, newPassword: fields.newPassword }, close);
  };

  return (
    <div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        className={buttonClass('secondary', 'md', 'w-full justify-between sm:w-auto')}
      >
        Change password
        <ChevronDown aria-hidden="true" className={cx('size-4 text-muted transition-transform', open && 'rotate-180')} />
      </button>
      {open && (
        <form id={panelId} onSubmit={submit} className="mt-4 flex flex-col gap-4 sm:max-w-md">
          <TextField label="Current password" autoComplete="current-password" {...field('currentPassword')} />
          <TextField
            label="New password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters`}
            {...field('newPassword')}
          />
          <TextField label="Confirm new password" autoComplete="new-password" error={error ?? undefined} {...field('confirmPassword')} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={changing} className={buttonClass('primary')}>
              {changing ? 'Updating…' : 'Update password'}
            </button>
            <button type="button" onClick={close} className={buttonClass('ghost')}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
