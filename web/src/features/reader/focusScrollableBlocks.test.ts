import { describe, expect, it } from 'vitest';
import { focusScrollableBlocks } from './focusScrollableBlocks';

/** jsdom lays nothing out, so each block is given the widths a browser would measure. */
function block(tag: 'pre' | 'table', scrollWidth: number, clientWidth: number): HTMLElement {
  const element = document.createElement(tag);
  Object.defineProperty(element, 'scrollWidth', { value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { value: clientWidth });
  return element;
}

describe('focusScrollableBlocks', () => {
  it('gives code blocks and tables wider than the column a tab stop, and takes it from those that fit', () => {
    const root = document.createElement('div');
    const wideCode = block('pre', 900, 400);
    const wideTable = block('table', 700, 400);
    const shortCode = block('pre', 300, 400);
    shortCode.tabIndex = 0; // it was wide before the column grew
    root.append(wideCode, wideTable, shortCode);

    focusScrollableBlocks(root);

    expect(wideCode.getAttribute('tabindex')).toBe('0');
    expect(wideTable.getAttribute('tabindex')).toBe('0');
    expect(shortCode.hasAttribute('tabindex')).toBe(false);
  });
});
