const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The global id of a REST digest id (a notification links to /digest/{uuid}), or null when `id` is none. */
export function globalIdOfRestDigestId(id: string): string | null {
  return UUID.test(id) ? btoa(`Digest:${id.toLowerCase()}`) : null;
}
