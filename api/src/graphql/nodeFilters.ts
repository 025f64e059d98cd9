import type { RequestContext } from '../context.ts';
import { uuid } from '../domain/core/fields.ts';

// The nil UUID names no row, so a filter on it matches nothing.
const NOBODY = '00000000-0000-0000-0000-000000000000';

/**
 * The id of a decoded global id when it is a UUID and someone is signed in; otherwise one that matches no row (a
 * malformed id is 'not found', not an error). No node type is public: a signed-out caller gets null for every one,
 * which `anonymousNodes.test.ts` checks of every type that implements Node.
 */
export function nodeIdFilter(id: string, context: RequestContext): string {
  return context.viewer && uuid.safeParse(id).success ? id : NOBODY;
}

/** The viewer's user id, for filters that must match only the viewer's own rows; matches no row when signed out. */
export function ownerIdFilter(context: RequestContext): string {
  return context.viewer?.id ?? NOBODY;
}

/**
 * As `ownerIdFilter`, for rows of the account itself (invite codes, API tokens), which an API token may not see
 * (domain/access/access.ts): matches no row for a viewer signed in with one.
 */
export function accountOwnerIdFilter(context: RequestContext): string {
  return context.viewer?.credential.kind === 'session' ? context.viewer.id : NOBODY;
}
