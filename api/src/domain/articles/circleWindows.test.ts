import { describe, expect, it } from 'vitest';
import { secondWindowDays } from './circleList.ts';

describe("the Circle's second attempt", () => {
  it("reaches back as many weeks as the first week's rate of stories says the page needs, with half again as margin", () => {
    expect(secondWindowDays(10, 31)).toBe(35); // 46.5 / 10: five weeks
    expect(secondWindowDays(20, 31)).toBe(21); // 46.5 / 20: three weeks
  });

  it('reads two weeks at least, and eight at most', () => {
    expect(secondWindowDays(30, 31)).toBe(14);
    expect(secondWindowDays(3, 31)).toBe(56);
  });

  it('reads eight weeks when the first found nothing', () => {
    expect(secondWindowDays(0, 31)).toBe(56);
  });
});
