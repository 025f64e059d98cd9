/** Above this a count reads '999+': the exact figure no longer helps, and the badge keeps its width. */
export const UNREAD_COUNT_CAP = 999;

/** A row's unread badge text: nothing at 0, the count up to the cap, then '999+'. */
export function formatUnreadCount(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(count);
}
