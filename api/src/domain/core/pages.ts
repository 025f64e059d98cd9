import { z } from 'zod';

/**
 * One page of a keyset-paginated list: the rows, each row's cursor (for Relay edges), whether more follow, and
 * the cursor of the last row.
 */
export type Page<T> = { items: T[]; cursors: string[]; hasNextPage: boolean; endCursor: string | null };

/**
 * The `{first, after}` input every paged list takes: `first` defaults to `size` and is clamped to `max` (a
 * larger request is served, just shorter, as `listShares` does); `after` is an opaque cursor.
 */
export function pageInput(size: number, max: number) {
  return z.object({
    first: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .nullish()
      .transform((first) => Math.min(first ?? size, max)),
    after: z.string({ error: 'Invalid cursor' }).nullish(),
  });
}

/** Cuts the `first + 1` rows a page query fetched into a page, the extra row only telling that more follow. */
export function toPage<T>(rows: T[], first: number, cursorOf: (row: T) => string): Page<T> {
  const items = rows.slice(0, first);
  const cursors = items.map(cursorOf);
  return { items, cursors, hasNextPage: rows.length > first, endCursor: cursors.at(-1) ?? null };
}

/**
 * Every row of a paged list, page after page. The REST paths the specification answers with a whole list use
 * it, so they read the same definition (filter, order) as the GraphQL connection.
 */
export async function allPages<T>(pageAfter: (after: string | null) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page<T> = await pageAfter(after);
    rows.push(...page.items);
    if (!page.hasNextPage || !page.endCursor) return rows;
    after = page.endCursor;
  }
}
