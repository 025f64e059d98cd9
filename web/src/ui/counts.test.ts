import { describe, expect, it } from 'vitest';
import { countOf, formatNumber } from './counts';

describe('formatNumber', () => {
  it('writes whole numbers as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 1_234_567_890, -1234]) {
      expect(formatNumber(n)).toBe(new Intl.NumberFormat('en-US').format(n));
    }
  });
});

describe('countOf', () => {
  it('names one thing and many', () => {
    expect(countOf(1, 'article')).toBe('1 article');
    expect(countOf(1234, 'unread article')).toBe('1,234 unread articles');
    expect(countOf(0, 'share')).toBe('0 shares');
  });
});
