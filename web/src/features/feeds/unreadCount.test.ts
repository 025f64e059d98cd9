import { describe, expect, it } from 'vitest';
import { formatUnreadCount } from './unreadCount';

describe('formatUnreadCount', () => {
  it('hides a count of 0', () => {
    expect(formatUnreadCount(0)).toBeNull();
  });

  it('shows counts up to 999 as they are, and more as 999+', () => {
    expect(formatUnreadCount(1)).toBe('1');
    expect(formatUnreadCount(999)).toBe('999');
    expect(formatUnreadCount(1000)).toBe('999+');
    expect(formatUnreadCount(100_000)).toBe('999+');
  });
});
