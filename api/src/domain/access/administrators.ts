import { requireAccountAccess } from './access.ts';
import { ForbiddenError, UnauthenticatedError } from '../core/errors.ts';
import type { Viewer } from '../core/services.ts';

export const ADMINISTRATORS_ONLY = 'Only administrators can do this';

/**
 * The one check in front of every administration call, REST and GraphQL alike: anonymous callers are 401, everyone
 * but an administrator signed in with a session is 403 (an administrator's API token does not carry administration).
 */
export function requireAdministrator(viewer: Viewer | null): Viewer {
  if (!viewer) throw new UnauthenticatedError();
  requireAccountAccess(viewer);
  if (viewer.role !== 'admin') throw new ForbiddenError(ADMINISTRATORS_ONLY);
  return viewer;
}
