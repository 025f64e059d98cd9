/** The bell shows the unread count, capped at '9+' above 9, and nothing at zero. */
export function formatUnreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? '9+' : String(count);
}
