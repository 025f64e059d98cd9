import { describe, expect, it } from 'vitest';
import { formatDate, timeAgo } from './dates';

const now = new Date('2026-04-29T15:04:00');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe('dates', () => {
  it('words how long ago something was, in the words the app has always used', () => {
    expect(timeAgo(minutesAgo(0.4), now)).toBe('less than a minute ago');
    expect(timeAgo(minutesAgo(1), now)).toBe('1 minute ago');
    expect(timeAgo(minutesAgo(44), now)).toBe('44 minutes ago');
    expect(timeAgo(minutesAgo(45), now)).toBe('about 1 hour ago');
    expect(timeAgo(minutesAgo(5 * 60), now)).toBe('about 5 hours ago');
    expect(timeAgo(minutesAgo(30 * 60), now)).toBe('1 day ago');
    expect(timeAgo(minutesAgo(3 * 1440), now)).toBe('3 days ago');
    expect(timeAgo(minutesAgo(35 * 1440), now)).toBe('about 1 month ago');
    expect(timeAgo(minutesAgo(100 * 1440), now)).toBe('3 months ago');
    expect(timeAgo(new Date('2025-03-29T15:04:00'), now)).toBe('about 1 year ago');
    expect(timeAgo(new Date('2024-10-29T15:04:00'), now)).toBe('over 1 year ago');
    expect(timeAgo(new Date('2024-06-29T15:04:00'), now)).toBe('almost 2 years ago');
    expect(timeAgo(new Date(now.getTime() + 2 * 1440 * 60_000), now)).toBe('in 2 days');
  });

  it('formats dates in English', () => {
    expect(formatDate(now, 'day')).toBe('Apr 29, 2026');
    expect(formatDate(now, 'dayThisYear')).toBe('Apr 29');
    expect(formatDate(now, 'dateTime')).toBe('April 29, 2026 at 3:04 PM');
    expect(formatDate(now, 'weekdayDateTime')).toBe('Wednesday, April 29, 2026 at 3:04 PM');
  });

  it("writes them as the browser's en-US formats do, at any hour", () => {
    const intl = {
      dateTime: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }),
      weekdayDateTime: new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' }),
      day: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      dayThisYear: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }),
    };
    for (const text of ['2026-01-01T00:00:00', '2026-06-15T12:05:00', '2025-12-31T23:59:00', '2026-09-09T09:09:00']) {
      const date = new Date(text);
      for (const [format, formatter] of Object.entries(intl)) {
        // ICU puts a narrow no-break space before AM and PM.
        expect(formatDate(date, format as keyof typeof intl), `${format} ${text}`).toBe(formatter.format(date).replace(/\u202f/g, ' '));
      }
    }
  });
});
