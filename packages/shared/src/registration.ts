/**
 * The reasons a registration is refused that belong to one of its fields, in one place for both sides: the API
 * refuses with these words and the web app shows them at the field they name. A leaf module: it imports nothing.
 */
export const REGISTRATION_REFUSALS = {
  inviteCode: 'Invalid or already used invite code',
  username: 'This username is already taken',
  email: 'An account with this email already exists',
} as const;

/** The field a refusal of registration belongs to, or null for one about the whole form. */
export function registrationFieldOf(reason: string | undefined): keyof typeof REGISTRATION_REFUSALS | null {
  const fields = Object.keys(REGISTRATION_REFUSALS) as (keyof typeof REGISTRATION_REFUSALS)[];
  return fields.find((field) => REGISTRATION_REFUSALS[field] === reason) ?? null;
}
