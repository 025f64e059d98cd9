/** A digest covers the 7 days before it is made. */
export const DIGEST_PERIOD_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Scheduled digests are made on this weekday (0 Sunday) at this hour, in the instance's time zone. */
export const DIGEST_WEEKDAY = 0;
export const DIGEST_HOUR = 6;

/** The period a digest made at `end` covers: the 7 days before it, by when the activity happened. */
export function digestPeriod(end: Date): { start: Date; end: Date } {
  return { start: new Date(end.getTime() - DIGEST_PERIOD_DAYS * DAY_MS), end };
}

type LocalTime = { date: string; weekday: number; hour: number };

/** The calendar date (YYYY-MM-DD), weekday and hour of `instant` in `timeZone`. */
export function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: weekdays.indexOf(parts.weekday!), hour: Number(parts.hour) };
}

/**
 * The week a scheduled run at `instant` makes digests for (the local date of that Sunday), or null when `instant` is
 * not Sunday 06:00–06:59 in `timeZone`. The crontab wakes every hour a Sunday 06:00 somewhere can fall in (UTC does
 * not know the instance's zone), and this picks the one run that is local Sunday 06:00, whatever the daylight saving.
 */
export function scheduledWeek(instant: Date, timeZone: string): string | null {
  const local = localTime(instant, timeZone);
  return local.weekday === DIGEST_WEEKDAY && local.hour === DIGEST_HOUR ? local.date : null;
}

/** "Nov 19 – Nov 26, 2026" for a period, in the instance's time zone. */
export function periodLabel(start: Date, end: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' });
  const year = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' });
  return `${day.format(start)} – ${day.format(end)}, ${year.format(end)}`;
}
