import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { buttonClass } from '../../ui/button';
import { TextField } from '../../ui/TextField';
import { authLinkClass } from './authLink';
import { useLogin } from './useLogin';
import { validateLogin, type FieldErrors } from './validation';

type Values = { usernameOrEmail: string; password: string };

/** Login: signs in, says 'Welcome back!' and goes home; a failure says why. */
export function LoginForm() {
  const [login, isInFlight] = useLogin();
  const [values, setValues] = useState<Values>({ usernameOrEmail: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Values>>({});

  const change = (field: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateLogin(values);
    if (result.errors) return setErrors(result.errors);
    login(result.data);
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        label="Username or email"
        name="usernameOrEmail"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.usernameOrEmail}
        onChange={change('usernameOrEmail')}
        error={errors.usernameOrEmail}
      />
      <div className="flex flex-col gap-1.5">
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Link to="/forgot-password" className={`${authLinkClass} self-end text-sm`}>
          Forgot password?
        </Link>
      </div>
      <button type="submit" disabled={isInFlight} className={buttonClass('primary', 'md', 'mt-1 w-full')}>
        {isInFlight ? 'Signing in...' : 'Sign in'}
      </button>
    </form>
  );
}
