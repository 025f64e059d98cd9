import { describe, expect, it } from 'vitest';
import { canGenerateInvite, daysUntil, remainingTone, resetLabel } from './inviteAllowance';

describe('remainingTone', () => {
  it('is green above 1, yellow at 1 and red at 0', () => {
    expect(remainingTone({ unlimited: false, remaining: 5 })).toBe('green');
    expect(remainingTone({ unlimited: false, remaining: 2 })).toBe('green');
    expect(remainingTone({ unlimited: false, remaining: 1 })).toBe('yellow');
    expect(remainingTone({ unlimited: false, remaining: 0 })).toBe('red');
  });

  it('is blue for the unlimited, whatever the count says', () => {
    expect(remainingTone({ unlimited: true, remaining: 0 })).toBe('blue');
    expect(remainingTone({ unlimited: true, remaining: 5 })).toBe('blue');
  });
});

describe('canGenerateInvite', () => {
  it('needs one remaining, unless unlimited', () => {
    expect(canGenerateInvite({ unlimited: false, remaining: 1 })).toBe(true);
    expect(canGenerateInvite({ unlimited: false, remaining: 0 })).toBe(false);
    expect(canGenerateInvite({ unlimited: true, remaining: 0 })).toBe(true);
  });
});

describe('daysUntil and resetLabel', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const later = (hours: number) => new Date(now.getTime() + hours * 60 * 60 * 1000);

  it('rounds part of a day up to a whole day', () => {
    expect(daysUntil(later(3), now)).toBe(1);
    expect(daysUntil(later(24), now)).toBe(1);
    expect(daysUntil(later(25), now)).toBe(2);
    expect(daysUntil(later(24 * 7), now)).toBe(7);
  });

  it('never counts below 0', () => {
    expect(daysUntil(later(-5), now)).toBe(0);
  });

  it('says the days in words', () => {
    expect(resetLabel(later(3), now)).toBe('Resets in 1 day');
    expect(resetLabel(later(24 * 6 + 1), now)).toBe('Resets in 7 days');
    expect(resetLabel(now, now)).toBe('Resets today');
  });
});
