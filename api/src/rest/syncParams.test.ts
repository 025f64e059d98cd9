import { describe, expect, it } from 'vitest';
import { secondsParam } from './syncParams.ts';

describe('secondsParam', () => {
  const read = (value: string) => secondsParam(new URLSearchParams({ ot: value }), 'ot');

  it('reads Unix seconds as a date', () => {
    expect(read('1764000000')).toEqual(new Date(1_764_000_000_000));
  });

  it('answers null for what is not a date a database can hold, instead of an invalid date', () => {
    for (const value of ['', 'soon', '0', '-5', '9999999999999999', '253402300800']) expect(read(value)).toBeNull();
    expect(read('253402300799')).toEqual(new Date('9999-12-31T23:59:59Z'));
  });
});
