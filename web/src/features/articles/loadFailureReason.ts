/**
 * The server's own words for a failed list query ('Feed not found', 'Invalid cursor'), not Relay's wrapper
 * ('No data returned for operation …'), which keeps the GraphQL errors on `source`.
 */
export function loadFailureReason(error: unknown): string | undefined {
  const source = (error as { source?: { errors?: { message?: unknown }[] } } | null)?.source;
  const message = source?.errors?.[0]?.message;
  if (typeof message === 'string') return message;
  return error instanceof Error ? error.message : undefined;
}
