import { InvalidInputError } from './errors.ts';
import { isStorableDate, uuid } from './fields.ts';

/**
 * A position in a list ordered newest first by (a time, an id): the last row a page showed. Articles page by
 * (publishedAt, id), shares by (createdAt, id); the id orders rows of the same instant.
 */
export type KeysetPosition = { time: Date; id: string };

/** An opaque cursor for a position. */
export function encodeKeyset(position: KeysetPosition): string {
  return Buffer.from(`${position.time.toISOString()}|${position.id}`).toString('base64url');
}

/** The position a cursor names; a cursor this server did not make is a 400. */
export function decodeKeyset(cursor: string): KeysetPosition {
  const [date = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const time = new Date(date);
  if (Number.isNaN(time.getTime()) || !isStorableDate(time) || !uuid.safeParse(id).success) throw new InvalidInputError('Invalid cursor');
  return { time, id };
}
