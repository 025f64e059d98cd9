import { describe, expect, it } from 'vitest';
import { maxUsersFromText } from './maxUsers';

describe('maxUsersFromText', () => {
  it('reads a number, and counts what is not one as 0', () => {
    expect(maxUsersFromText('25')).toBe(25);
    expect(maxUsersFromText(' 7 ')).toBe(7);
    expect(maxUsersFromText('')).toBe(0);
    expect(maxUsersFromText('many')).toBe(0);
  });

  it('keeps a negative number, for the server to refuse with its reason', () => {
    expect(maxUsersFromText('-2')).toBe(-2);
  });
});
