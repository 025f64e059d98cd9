import { differenceInDays, differenceInHours, differenceInMinutes, format } from 'date-fns';

/** How old an article is in a few characters, for the compact row: 'now', '5m', '3h', '2d', then its date. */
export function shortAge(date: Date, now: Date): string {
  const minutes = differenceInMinutes(now, date);
  if (minutes < 1) return 'now';
  if (minutes < 60) return `${minutes}m`;
  const hours = differenceInHours(now, date);
  if (hours < 24) return `${hours}h`;
  const days = differenceInDays(now, date);
  if (days < 7) return `${days}d`;
  return format(date, date.getFullYear() === now.getFullYear() ? 'MMM d' : 'MMM d, y');
}
