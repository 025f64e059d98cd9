/** The change-password form's fields (in the Account & Security section). */
export type PasswordChange = { currentPassword: string; newPassword: string; confirmPassword: string };

export const MIN_PASSWORD_LENGTH = 8;

/**
 * The first reason the form cannot be sent, or null. Empty fields are left to the inputs' `required`, so this
 * checks only the rules that have their own message: a mismatch first, then a new password under 8 characters.
 */
export function passwordChangeError({ newPassword, confirmPassword }: PasswordChange): string | null {
  if (newPassword !== confirmPassword) return 'New passwords do not match';
  if (newPassword.length < MIN_PASSWORD_LENGTH) return `New password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  return null;
}

/** The server's refusal is named only when it is the wrong current password. */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export function passwordFailureText(reason: string | undefined): string {
  return reason === WRONG_CURRENT_PASSWORD ? WRONG_CURRENT_PASSWORD : 'Failed to update password';
}
