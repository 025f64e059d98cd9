/** The plain words for a failure the server did not explain (yoga masks unexpected errors with this message). */
export const SERVER_FAILED = 'Tidings ran into a problem on its side. Try again in a moment.';
const MASKED = 'Unexpected error.';

/**
 * The words to show for a failed load: the server's own reason ('Feed not found', 'Invalid cursor'), not Relay's
 * wrapper ('No data returned for operation …'), which keeps the GraphQL errors on `source`. The network layer
 * already words a lost connection and a server failure plainly (relay/fetchGraphQL); a masked server error is
 * worded the same way.
 */
export function loadFailureReason(error: unknown): string | undefined {
  const source = (error as { source?: { errors?: { message?: unknown }[] } } | null)?.source;
  const message = source?.errors?.[0]?.message ?? (error instanceof Error ? error.message : undefined);
  if (typeof message !== 'string') return undefined;
  return message === MASKED ? SERVER_FAILED : message;
}
