import { formatDate } from '../../ui/dates';

/** How old an article is in a few characters, for the compact row: 'now', '5m', '3h', '2d', then its date. */
export function shortAge(date: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d`;
  return formatDate(date, date.getFullYear() === now.getFullYear() ? 'dayThisYear' : 'day');
}
