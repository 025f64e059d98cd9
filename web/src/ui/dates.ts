// Dates as the app words them, in English like the rest of the interface, in the reader's time zone: the relative
// times in the words readers already know from the app ('about 2 hours ago') and four absolute formats, written here
// rather than by Intl.DateTimeFormat, whose first use loads the browser's date data (about 15 ms of the first screen,
// 60 ms with the CPU slowed 4×) for a row's tooltip. No date library in the download either.

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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** '3:04 PM', '12:30 AM'. */
function clock(date: Date): string {
  const hours = date.getHours();
  return `${hours % 12 || 12}:${String(date.getMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

const monthDay = (date: Date, month: string) => `${month} ${date.getDate()}`;
const longDate = (date: Date) => `${monthDay(date, MONTHS[date.getMonth()]!)}, ${date.getFullYear()}`;
const shortMonth = (date: Date) => MONTHS[date.getMonth()]!.slice(0, 3);

const FORMATS = {
  /** 'April 29, 2026 at 3:04 PM' */
  dateTime: (date: Date) => `${longDate(date)} at ${clock(date)}`,
  /** 'Wednesday, April 29, 2026 at 3:04 PM' */
  weekdayDateTime: (date: Date) => `${WEEKDAYS[date.getDay()]}, ${longDate(date)} at ${clock(date)}`,
  /** 'Apr 29, 2026' */
  day: (date: Date) => `${monthDay(date, shortMonth(date))}, ${date.getFullYear()}`,
  /** 'Apr 29' */
  dayThisYear: (date: Date) => monthDay(date, shortMonth(date)),
};

export type DateFormat = keyof typeof FORMATS;

/** `date` in one of the app's formats. */
export const formatDate = (date: Date, format: DateFormat): string => FORMATS[format](date);
