const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The web's /article/{id} carries the article's GraphQL global id, the id of every link the app makes. The server
 * takes the REST id (a UUID) as well; a link with one is turned into the global id, so the reader's place in the
 * list and the Relay store speak of one id. Null when `id` is no REST id.
 */
export function globalIdOfRestArticleId(id: string): string | null {
  return UUID.test(id) ? btoa(`Article:${id.toLowerCase()}`) : null;
}
