import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuidv7.ts';

describe('uuidv7', () => {
  it('is a version 7 UUID whose first 48 bits are the milliseconds given, its other bits random', () => {
    const now = Date.UTC(2026, 10, 27, 12, 0, 0, 123);
    const [a, b] = [uuidv7(now), uuidv7(now)];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(a.replace(/-/g, '').slice(0, 12), 16)).toBe(now);
    expect(a).not.toBe(b);
  });
});
