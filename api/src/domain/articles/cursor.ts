import { InvalidInputError } from '../errors.ts';
import { uuid } from '../fields.ts';

/** A position in a list ordered newest first by (publishedAt, id): the last row a page showed. */
export type ArticlePosition = { publishedAt: Date; id: string };

/** An opaque cursor for a position. */
export function encodeCursor(position: ArticlePosition): string {
  return Buffer.from(`${position.publishedAt.toISOString()}|${position.id}`).toString('base64url');
}

/** The position a cursor names; a cursor this server did not make is a 400. */
export function decodeCursor(cursor: string): ArticlePosition {
  const [date = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  const publishedAt = new Date(date);
  if (Number.isNaN(publishedAt.getTime()) || !uuid.safeParse(id).success) throw new InvalidInputError('Invalid cursor');
  return { publishedAt, id };
}
