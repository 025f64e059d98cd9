import { InvalidInputError } from '../core/errors.ts';
import { isStorableDate, uuid } from '../core/fields.ts';

// What a Circle view request may say, read before the list runs (circleList.ts ranks and pages it).

/** A position in the Circle view: the last row of a page. */
export type CirclePosition = { weight: number; latest: Date; storyId: string };

/** The cursor of a position in the Circle view. */
export function encodeCirclePosition(position: CirclePosition): string {
  return Buffer.from(`circle|${position.weight}|${position.latest.toISOString()}|${position.storyId}`).toString('base64url');
}

/** The position a Circle cursor names; any other cursor is a 400. */
export function decodeCirclePosition(cursor: string): CirclePosition {
  const [kind, weight = '', latest = '', storyId = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const time = new Date(latest);
  const count = Number(weight);
  if (kind !== 'circle' || !Number.isSafeInteger(count) || count < 1 || Number.isNaN(time.getTime()) || !isStorableDate(time)) {
    throw new InvalidInputError('Invalid cursor');
  }
  if (!uuid.safeParse(storyId).success) throw new InvalidInputError('Invalid cursor');
  return { weight: count, latest: time, storyId };
}

/** The Circle view takes no scope, search or date: it covers every feed, so asking for one is a 400, not ignored. */
export function refuseCircleNarrowing(input: { scoped: boolean; search: string | null; beforeDate: Date | null }): void {
  if (input.scoped) throw new InvalidInputError('The circle view covers every feed: leave out feedId and folderId');
  if (input.search !== null) throw new InvalidInputError('The circle view cannot be searched');
  if (input.beforeDate !== null) throw new InvalidInputError('The circle view takes no beforeDate: page with the cursor');
}
