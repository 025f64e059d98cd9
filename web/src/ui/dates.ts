// Dates as the app words them, with the browser's Intl (no date library in the download): English, like the rest
// of the interface, and the relative times in the words readers already know from the app ('about 2 hours ago').

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43_200;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** Whole calendar months from `earlier` to `later`, the last one counted only once its day is reached. */
function monthsBetween(earlier: Date, later: Date): number {
  const months = (later.getFullYear() - earlier.getFullYear()) * 12 + later.getMonth() - earlier.getMonth();
  return later.getDate() < earlier.getDate() ? months - 1 : months;
}

/** The distance between two dates in words: 'less than a minute', '5 minutes', 'about 2 hours', '3 days', 'over 1 year'. */
function distance(earlier: Date, later: Date): string {
  const minutes = Math.round((later.getTime() - earlier.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 45) return plural(minutes, 'minute');
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return `about ${plural(Math.round(minutes / 60), 'hour')}`;
  if (minutes < 2520) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), 'day');
  if (minutes < MINUTES_IN_MONTH * 2) return `about ${plural(Math.round(minutes / MINUTES_IN_MONTH), 'month')}`;
  const months = monthsBetween(earlier, later);
  if (months < 12) return plural(Math.round(minutes / MINUTES_IN_MONTH), 'month');
  const years = Math.trunc(months / 12);
  const rest = months % 12;
  if (rest < 3) return `about ${plural(years, 'year')}`;
  if (rest < 9) return `over ${plural(years, 'year')}`;
  return `almost ${plural(years + 1, 'year')}`;
}

/** How long ago `date` was ('3 minutes ago'), or how far ahead it is ('in 2 days'). */
export function timeAgo(date: Date, now: Date = new Date()): string {
  return date.getTime() > now.getTime() ? `in ${distance(now, date)}` : `${distance(date, now)} ago`;
}

// Made on first use: each costs the browser milliseconds to build (more on a slow phone), and a screen uses one or two.
const FORMATS = {
  /** 'April 29, 2026 at 3:04 PM' */
  dateTime: { dateStyle: 'long', timeStyle: 'short' },
  /** 'Wednesday, April 29, 2026 at 3:04 PM' */
  weekdayDateTime: { dateStyle: 'full', timeStyle: 'short' },
  /** 'Apr 29, 2026' */
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  /** 'Apr 29' */
  dayThisYear: { month: 'short', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof FORMATS;

const made = new Map<DateFormat, Intl.DateTimeFormat>();

/** `date` in one of the app's formats. */
export function formatDate(date: Date, format: DateFormat): string {
  let formatter = made.get(format);
  if (!formatter) made.set(format, (formatter = new Intl.DateTimeFormat('en-US', FORMATS[format])));
  return formatter.format(date);
}
