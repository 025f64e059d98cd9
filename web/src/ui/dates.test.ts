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
});
