import { DISPLAY_NAME_MAX, PASSWORD_MIN } from '@tidings/shared/limits';

/** The first message for each field, for showing under the inputs. */
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

/** A form's check: the values to send, or one message per failing field. */
export type Validation<T> = { data: T; errors?: never } | { data?: never; errors: FieldErrors<T> };

// zod's email pattern, the one the server checks addresses with (api/src/domain/core/fields.ts).
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const USERNAME = /^[A-Za-z0-9_-]+$/;

const passwordError = (password: string) =>
  password.length < PASSWORD_MIN ? `Password must be at least ${PASSWORD_MIN} characters` : undefined;
const emailError = (email: string) => (EMAIL.test(email) ? undefined : 'Enter a valid email address');
const confirmationError = (values: { password: string; confirmPassword: string }) =>
  values.password === values.confirmPassword ? undefined : 'Passwords do not match';

/** The values when no field has a message, else the messages (fields without one left out). */
function outcome<T>(data: T, messages: Record<keyof T, string | undefined>): Validation<T> {
  const errors = Object.fromEntries(Object.entries(messages).filter(([, message]) => message)) as FieldErrors<T>;
  return Object.keys(errors).length > 0 ? { errors } : { data };
}

type Login = { usernameOrEmail: string; password: string };

/** Both login fields are required. */
export function validateLogin(values: Login): Validation<Login> {
  const data = { usernameOrEmail: values.usernameOrEmail.trim(), password: values.password };
  return outcome(data, {
    usernameOrEmail: data.usernameOrEmail ? undefined : 'Enter your username or email',
    password: data.password ? undefined : 'Enter your password',
  });
}

type Registration = { username: string; email: string; displayName: string; inviteCode: string; password: string; confirmPassword: string };

/** The register rules, with their fixed messages where they have one; the invite code upper-cased. */
export function validateRegistration(values: Registration): Validation<Registration> {
  const data = {
    ...values,
    username: values.username.trim(),
    email: values.email.trim(),
    displayName: values.displayName.trim(),
    inviteCode: values.inviteCode.trim().toUpperCase(),
  };
  return outcome(data, {
    username: !data.username
      ? 'Choose a username'
      : USERNAME.test(data.username)
        ? undefined
        : 'Only letters, numbers, hyphens, and underscores',
    email: emailError(data.email),
    displayName: data.displayName.length > DISPLAY_NAME_MAX ? `Display name must be at most ${DISPLAY_NAME_MAX} characters` : undefined,
    inviteCode: data.inviteCode ? undefined : 'Enter your invite code',
    password: passwordError(data.password),
    confirmPassword: confirmationError(data),
  });
}

/** The address a reset link goes to, trimmed. */
export function validateForgotPassword(values: { email: string }): Validation<{ email: string }> {
  const data = { email: values.email.trim() };
  return outcome(data, { email: emailError(data.email) });
}

type NewPassword = { password: string; confirmPassword: string };

/** The same 8-character and match rules as registering. */
export function validateNewPassword(values: NewPassword): Validation<NewPassword> {
  return outcome(values, { password: passwordError(values.password), confirmPassword: confirmationError(values) });
}
