import { z } from 'zod';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '@tidings/shared/limits';

/** A required string field whose messages name it: 'Username is required', 'Username must be text'. */
export function requiredText(label: string) {
  // Only the type check gets these messages; every other check names its own.
  return z.string({
    error: (issue) =>
      issue.code !== 'invalid_type'
        ? undefined
        : issue.input === undefined || issue.input === null
          ? `${label} is required`
          : `${label} must be text`,
  });
}

export const username = requiredText('Username')
  .trim()
  .min(1, 'Username is required')
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Username may only contain letters, numbers, hyphens, and underscores');

export const email = requiredText('Email')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

function displayNameText() {
  return z
    .string({
      error: (issue) =>
        issue.code !== 'invalid_type' ? undefined : issue.input === undefined ? 'Display name is required' : 'Display name must be text',
    })
    .trim()
    .max(DISPLAY_NAME_MAX, `Display name must be at most ${DISPLAY_NAME_MAX} characters`);
}

/** Display name: optional, at most 50; blank means none (the username is shown instead). */
export const displayName = displayNameText()
  .nullish()
  .transform((value) => (value ? value : null));

/** A display name that must be given (a profile change names it), though blank or null still clears it. */
export const givenDisplayName = displayNameText()
  .nullable()
  .transform((value) => (value ? value : null));

export function password(label = 'Password') {
  return requiredText(label)
    .min(PASSWORD_MIN, `${label} must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `${label} must be at most ${PASSWORD_MAX} characters`);
}

/**
 * The dates a request may name: years 1 to 9999. A date goes to PostgreSQL as ISO 8601 text, and JavaScript writes
 * the years beyond these (0000, signed years before it, six-digit years after 9999) in forms PostgreSQL refuses or
 * misreads; no reader means such a date anyway.
 */
const EARLIEST_DATE = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST_DATE = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a date is one a request may name (years 1 to 9999); another, or an invalid date, is a 400, not a database error. */
export function isStorableDate(date: Date): boolean {
  const time = date.getTime();
  return time >= EARLIEST_DATE && time <= LATEST_DATE; // false for an invalid date's NaN
}

/** Whether any string anywhere in `input` holds a NUL character, which PostgreSQL's text cannot store. */
export function containsNul(input: unknown, depth = 0): boolean {
  if (typeof input === 'string') return input.includes('\u0000');
  if (depth > 32 || typeof input !== 'object' || input === null) return false;
  return Object.values(input).some((value) => containsNul(value, depth + 1));
}

/** An id from a URL or a body: a UUID, else the 'not found' the caller names. */
export const uuid = z.uuid();
