import { describe, expect, it } from 'vitest';
import { longItemId, parseItemId } from './itemIds.ts';

describe('Google Reader item ids', () => {
  it('writes the long form with 16 hex digits', () => {
    expect(longItemId(255n)).toBe('tag:google.com,2005:reader/item/00000000000000ff');
  });

  it.each([
    ['tag:google.com,2005:reader/item/00000000000000ff', 255n],
    ['tag:google.com,2005:reader/item/ff', 255n],
    ['tag:google.com,2005:reader/item/00000000000000FF', 255n],
    ['255', 255n],
    [' 255 ', 255n],
    ['-1', 2n ** 64n - 1n],
  ])('reads %j as %s', (id, number) => {
    expect(parseItemId(id)).toBe(number);
  });

  it.each([
    '',
    'abc',
    'tag:google.com,2005:reader/item/',
    'tag:google.com,2005:reader/item/xyz',
    'tag:google.com,2005:reader/item/11111111111111111',
    '1.5',
    '123456789012345678901',
  ])('refuses %j', (id) => {
    expect(parseItemId(id)).toBeNull();
  });
});
