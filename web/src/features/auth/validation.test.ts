import { describe, expect, it } from 'vitest';
import { validateForgotPassword, validateLogin, validateNewPassword, validateRegistration } from './validation';

const good = {
  username: 'ada_l-1',
  email: 'ada@example.com',
  displayName: '',
  inviteCode: 'amber-harbor-quiet-falcon',
  password: 'correct horse',
  confirmPassword: 'correct horse',
};

describe('auth validation', () => {
  it('requires both login fields', () => {
    expect(validateLogin({ usernameOrEmail: ' ', password: '' }).errors).toEqual({
      usernameOrEmail: 'Enter your username or email',
      password: 'Enter your password',
    });
  });

  it('accepts a valid registration and upper-cases the invite code', () => {
    expect(validateRegistration(good).data?.inviteCode).toBe('AMBER-HARBOR-QUIET-FALCON');
  });

  it("uses the spec's wording for the username, short and mismatched passwords", () => {
    const { errors } = validateRegistration({ ...good, username: 'ada lovelace', password: 'short', confirmPassword: 'other' });
    expect(errors).toMatchObject({
      username: 'Only letters, numbers, hyphens, and underscores',
      password: 'Password must be at least 8 characters',
    });
    expect(validateRegistration({ ...good, confirmPassword: 'correct horsf' }).errors).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('refuses a bad e-mail, a missing invite code and a display name over 50 characters', () => {
    const { errors } = validateRegistration({ ...good, email: 'ada@', inviteCode: ' ', displayName: 'x'.repeat(51) });
    expect(Object.keys(errors ?? {}).sort()).toEqual(['displayName', 'email', 'inviteCode']);
  });

  it('trims an e-mail and refuses one without a dotted domain', () => {
    expect(validateForgotPassword({ email: ' ada@example.com ' }).data).toEqual({ email: 'ada@example.com' });
    expect(validateForgotPassword({ email: 'ada@example' }).errors).toEqual({ email: 'Enter a valid email address' });
  });

  it('applies the same password rules to a reset', () => {
    expect(validateNewPassword({ password: 'long enough', confirmPassword: 'long enougH' }).errors).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(validateNewPassword({ password: '1234567', confirmPassword: '1234567' }).errors).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });
});
