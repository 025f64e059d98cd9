import { describe, expect, it } from 'vitest';
import { mayDrawFirstRowsFirst } from './firstPaintRows';

describe('mayDrawFirstRowsFirst', () => {
  it('draws the screen’s rows first only on the first list of a fresh page load', () => {
    expect(mayDrawFirstRowsFirst('navigate', false)).toBe(true);
    expect(mayDrawFirstRowsFirst('navigate', true)).toBe(false);
  });

  it('draws every row at once where a scroll position may be restored', () => {
    for (const loaded of ['reload', 'back_forward', 'prerender', undefined] as const)
      expect(mayDrawFirstRowsFirst(loaded, false)).toBe(false);
  });
});
