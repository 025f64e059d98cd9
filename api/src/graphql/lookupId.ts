import { decodeGlobalID } from '@pothos/plugin-relay';
import { NotFoundError } from '../domain/core/errors.ts';

/**
 * The database id inside `globalId` when it names a `typename`, else null. Lookups by id (`user`, `article`,
 * `userShares`) take a plain ID and use this, so an id from a mangled link finds nothing instead of failing the
 * whole operation.
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
