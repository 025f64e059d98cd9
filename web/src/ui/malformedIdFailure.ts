type RefusedArgument = { extensions?: { code?: unknown; argument?: unknown } } | null | undefined;

/** The GraphQL errors of a failed load: a caught field's (`@catch`), or those Relay keeps on `source` for a request that failed. */
function errorsOf(failure: unknown): RefusedArgument[] {
  if (Array.isArray(failure)) return failure as RefusedArgument[];
  const errors = (failure as { source?: { errors?: unknown } } | null)?.source?.errors;
  return Array.isArray(errors) ? (errors as RefusedArgument[]) : [];
}

/**
 * Whether a load failed because the server refused the id in `argument`: not an id at all, or the id of something
 * else (BAD_USER_INPUT naming the argument). An id from the address, as a mangled link gives it, names nothing to a
 * person, so a screen shows its 'not found', as for an id of nothing, rather than 'Failed to load' with Try again,
 * which could only fail the same way.
 */
export function isMalformedIdFailure(failure: unknown, argument: string): boolean {
  return errorsOf(failure).some((error) => error?.extensions?.code === 'BAD_USER_INPUT' && error.extensions.argument === argument);
}
