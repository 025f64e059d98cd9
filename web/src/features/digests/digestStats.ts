import { formatDate } from '../../ui/dates';

/** The counts a digest card shows: reads, likes, shares, starred; or totalReads, totalShares, activeUsers. */
export function digestStats(type: 'personal' | 'instance' | string, metadata: string): { label: string; value: number }[] {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(metadata) as Record<string, unknown>;
  } catch {
    // A digest whose metadata cannot be read shows no counts rather than failing the list.
  }
  const count = (key: string) => (typeof parsed[key] === 'number' ? parsed[key] : 0);
  return type === 'instance'
    ? [
        { label: 'Reads', value: count('totalReads') },
        { label: 'Shares', value: count('totalShares') },
        { label: 'Active users', value: count('activeUsers') },
      ]
    : [
        { label: 'Reads', value: count('reads') },
        { label: 'Likes', value: count('likes') },
        { label: 'Shares', value: count('shares') },
        { label: 'Starred', value: count('starred') },
      ];
}

/** "Nov 19 – Nov 26, 2026". */
export function dateRange(start: string, end: string): string {
  return `${formatDate(new Date(start), 'dayThisYear')} – ${formatDate(new Date(end), 'day')}`;
}

/** "Nov 26, 2026". */
export function shortDate(date: string): string {
  return formatDate(new Date(date), 'day');
}
