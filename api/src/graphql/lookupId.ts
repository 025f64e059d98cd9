import { decodeGlobalID } from '@pothos/plugin-relay';
import { NotFoundError } from '../domain/core/errors.ts';

/**
 * The database id inside `globalId` when it names a `typename`, else null: for a plain ID argument whose global id
 * `globalIdOf` has checked and which may name one of two types (the administrator's AdminUser or User).
 */
export function idOfType(globalId: string, typename: string): string | null {
  try {
    const decoded = decodeGlobalID(globalId);
    return decoded.typename === typename ? decoded.id : null;
  } catch {
    return null;
  }
}

/** For `.catch`: a lookup of something that does not exist answers null; any other failure stays a failure. */
export function nullWhenNotFound(error: unknown): null {
  if (error instanceof NotFoundError) return null;
  throw error;
}
