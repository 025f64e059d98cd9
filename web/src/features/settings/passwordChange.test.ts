import { describe, expect, it } from 'vitest';
import { passwordChangeError, passwordFailureText } from './passwordChange';

const form = (newPassword: string, confirmPassword = newPassword) => ({ currentPassword: 'old-secret', newPassword, confirmPassword });

describe('passwordChangeError', () => {
  it('accepts a new password of 8 characters or more that is confirmed', () => {
    expect(passwordChangeError(form('12345678'))).toBeNull();
  });

  it('says when the confirmation differs, before the length', () => {
    expect(passwordChangeError(form('short', 'shorter'))).toBe('New passwords do not match');
  });

  it('says when the new password is too short', () => {
    expect(passwordChangeError(form('1234567'))).toBe('New password must be at least 8 characters long');
  });
});

describe('passwordFailureText', () => {
  it('names the wrong current password, and nothing else the server says', () => {
    expect(passwordFailureText('Current password is incorrect')).toBe('Current password is incorrect');
    expect(passwordFailureText('Too many attempts')).toBe('Failed to update password');
    expect(passwordFailureText(undefined)).toBe('Failed to update password');
  });
});
