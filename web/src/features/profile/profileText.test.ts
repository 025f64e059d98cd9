import { describe, expect, it } from 'vitest';
import { sharedArticlesLine } from './profileText';

describe('sharedArticlesLine', () => {
  it('says one shared article in the singular', () => {
    expect(sharedArticlesLine(1)).toBe('1 shared article');
  });

  it('says none and many in the plural, with thousands separated', () => {
    expect(sharedArticlesLine(0)).toBe('0 shared articles');
    expect(sharedArticlesLine(12)).toBe('12 shared articles');
    expect(sharedArticlesLine(1200)).toBe('1,200 shared articles');
  });
});
