import { Prisma } from '../../generated/prisma/client.ts';
import type { Services, Viewer } from '../core/services.ts';

// The sync APIs name an article by its number (Article.syncId). Numbers run in order of arrival, so they could be
// guessed: an article is found by number only when the viewer may have it (`viewerHasArticle`), never another
// user's private feed by counting.

/** Google Reader's long item id: this prefix and the number in 16 hex digits. */
export const LONG_ITEM_ID_PREFIX = 'tag:google.com,2005:reader/item/';

/** An article number in Google Reader's long form. */
export function longItemId(syncId: bigint): string {
  return LONG_ITEM_ID_PREFIX + syncId.toString(16).padStart(16, '0');
}

/**
 * The number an item id names: the long form (hex, padded or not) or the short decimal one (signed 64-bit in
 * Google Reader, so a negative one is read as its unsigned value); null for anything else.
 */
export function parseItemId(value: string): bigint | null {
  const id = value.trim();
  if (id.startsWith(LONG_ITEM_ID_PREFIX)) {
    const hex = id.slice(LONG_ITEM_ID_PREFIX.length);
    return /^[0-9a-f]{1,16}$/i.test(hex) ? BigInt(`0x${hex}`) : null;
  }
  if (!/^-?\d{1,20}$/.test(id)) return null;
  const number = BigInt(id);
  return number >= -(2n ** 63n) && number < 2n ** 64n ? BigInt.asUintN(64, number) : null;
}

/** A condition on article `a` (SQL alias) that the viewer may have it: of a feed they follow, or starred, liked or shared by them. */
export function viewerHasArticle(viewer: Viewer): Prisma.Sql {
  const id = Prisma.sql`${viewer.id}::uuid`;
  return Prisma.sql`(
    EXISTS (SELECT 1 FROM "Subscription" s WHERE s."userId" = ${id} AND s."feedId" = a."feedId")
    OR EXISTS (SELECT 1 FROM "StarredArticle" st WHERE st."userId" = ${id} AND st."articleId" = a.id)
    OR EXISTS (SELECT 1 FROM "LikedArticle" l WHERE l."userId" = ${id} AND l."articleId" = a.id)
    OR EXISTS (SELECT 1 FROM "Share" sh WHERE sh."userId" = ${id} AND sh."articleId" = a.id))`;
}

/** The ids of the viewer's articles with these numbers, in the numbers' order; numbers of no such article are left out. */
export async function articlesByNumber(
  services: Services,
  viewer: Viewer,
  numbers: readonly bigint[],
): Promise<{ id: string; syncId: bigint }[]> {
  if (numbers.length === 0) return [];
  const rows = await services.db.$queryRaw<{ id: string; syncId: bigint }[]>`
    SELECT a.id, a."syncId" FROM "Article" a WHERE a."syncId" = ANY(${numbers.map(String)}::bigint[]) AND ${viewerHasArticle(viewer)}`;
  const byNumber = new Map(rows.map((row) => [row.syncId, row]));
  return [...new Set(numbers)].flatMap((number) => byNumber.get(number) ?? []);
}
