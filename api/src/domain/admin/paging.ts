import { z } from 'zod';

/** The most rows one admin list page may hold, whatever `limit` asks. */
export const ADMIN_PAGE_LIMIT_MAX = 100;
// Beyond this a page is only an expensive OFFSET past every row; no instance has that many users or feeds.
const ADMIN_PAGE_MAX = 100_000;

/** A numbered page of an admin list, with the total the pagination is drawn from. */
export type NumberedPage<T> = { rows: T[]; total: number; page: number; limit: number };

function wholeNumber(label: string, max: number) {
  // Query strings arrive as text; a blank one is absent (the default), not zero.
  return z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number`)
      .min(1, `${label} must be at least 1`)
      .max(max, `${label} must be at most ${max}`)
      .optional(),
  );
}

/**
 * `{page, limit}` of the admin tables (20 users or 50 feeds a page unless `limit` says otherwise): page 1
 * and the table's size unless given; a bad value is refused with a message naming it, never clamped.
 */
export function numberedPageInput(defaultLimit: number) {
  return z.object({
    page: wholeNumber('page', ADMIN_PAGE_MAX).transform((page) => page ?? 1),
    limit: wholeNumber('limit', ADMIN_PAGE_LIMIT_MAX).transform((limit) => limit ?? defaultLimit),
  });
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
