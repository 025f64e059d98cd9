import { describe, expect, it } from 'vitest';
import { isStorableDate } from './fields.ts';

describe('isStorableDate', () => {
  it('takes the dates of years 1 to 9999, to the millisecond', () => {
    for (const date of ['0001-01-01T00:00:00.000Z', '1970-01-01T00:00:00Z', '2026-11-28T12:00:00+01:00', '9999-12-31T23:59:59.999Z']) {
      expect(isStorableDate(new Date(date)), date).toBe(true);
    }
  });

  it('refuses year 0, negative years, years past 9999 and invalid dates', () => {
    for (const date of [
      '0000-12-31T23:59:59.999Z',
      '0000-01-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '-004713-01-01T00:00:00Z',
      '-271821-04-20T00:00:00.000Z',
      '0001-01-01T00:00:00+01:00', // 31 December of year 0 in UTC
      '+010000-01-01T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '+275760-09-13T00:00:00.001Z',
      'someday',
    ]) {
      expect(isStorableDate(new Date(date)), date).toBe(false);
    }
  });
});
