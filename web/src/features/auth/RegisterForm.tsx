import { Link } from '@tanstack/react-router';
import { DISPLAY_NAME_MAX } from '@tidings/shared/limits';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import { authLinkClass } from './authLink';
import { useRegister } from './useRegister';
import { validateRegistration, type FieldErrors } from './validation';

type Values = { username: string; email: string; displayName: string; inviteCode: string; password: string; confirmPassword: string };
const empty: Values = { username: '', email: '', displayName: '', inviteCode: '', password: '', confirmPassword: '' };

/** Register: creates the account with an invite code, signs it in and goes home. */
export function RegisterForm() {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  // The server's refusal of a field (a used invite code, a taken username) is said at the field, as the form's own checks are.
  const [register, isInFlight] = useRegister((name, reason) => setErrors((e) => ({ ...e, [name]: reason })));

  const field = (name: keyof Values, transform: (value: string) => string = (value) => value) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = transform(event.target.value);
      setValues((v) => ({ ...v, [name]: value }));
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateRegistration(values);
    if (result.errors) return setErrors(result.errors);
    const { confirmPassword: _, displayName, ...input } = result.data;
    register({ ...input, displayName: displayName || null });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        hint="Only letters, numbers, hyphens, and underscores"
        {...field('username')}
      />
      <TextField label="Email" type="email" autoComplete="email" autoCapitalize="none" spellCheck={false} required {...field('email')} />
      <TextField label="Display name" autoComplete="name" optional maxLength={DISPLAY_NAME_MAX} {...field('displayName')} />
      <TextField
        label="Invite code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        placeholder="AMBER-HARBOR-QUIET-FALCON"
        hint="Ask an existing user for an invite code"
        className="[&_input]:font-mono [&_input]:tracking-wide"
        {...field('inviteCode', (value) => value.toUpperCase())}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters"
        {...field('password')}
      />
      <TextField label="Confirm password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
      <button type="submit" disabled={isInFlight} className={buttonClass('primary', 'md', 'mt-1 w-full')}>
        {isInFlight ? 'Creating account...' : 'Create account'}
      </button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/login" className={authLinkClass}>
          Sign in
        </Link>
      </p>
    </form>
  );
}
