/** The change-password form's fields (spec part 2 §2, Account & Security). */
export type PasswordChange = { currentPassword: string; newPassword: string; confirmPassword: string };

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Spec part 2 §5: the first reason the form cannot be sent, or null. Empty fields are left to the inputs'
 * `required`, so this reads only what the spec words: a mismatch first, then a short new password.
 */
export function passwordChangeError({ newPassword, confirmPassword }: PasswordChange): string | null {
  if (newPassword !== confirmPassword) return 'New passwords do not match';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  return null;
}

/** Spec part 2 §8: the server's refusal is named only when it is the wrong current password. */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export function passwordFailureText(reason: string | undefined): string {
  return reason === WRONG_CURRENT_PASSWORD ? WRONG_CURRENT_PASSWORD : 'Failed to update password';
}
