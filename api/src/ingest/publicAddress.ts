/**
 * A feed's address without its query, fragment and user-info, which may hold its subscriber's secret (`?token=`,
 * `user:password@`): what people who do not subscribe see, and the base its articles' relative links resolve
 * against, so no link inherits the secret. '' for what is not an address.
 */
export function publicFeedAddress(url: string): string {
  try {
    const address = new URL(url);
    address.username = '';
    address.password = '';
    address.search = '';
    address.hash = '';
    return address.toString();
  } catch {
    return '';
  }
}
