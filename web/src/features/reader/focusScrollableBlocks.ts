/**
 * Lets keyboard users scroll the code blocks and tables that are wider than the column (WCAG 2.1.1; axe's
 * scrollable-region-focusable): those get a tab stop, and blocks that fit lose it again, so a reader does not
 * tab through every short snippet. Run it again when the column's width changes.
 */
export function focusScrollableBlocks(root: ParentNode): void {
  for (const block of root.querySelectorAll<HTMLElement>('pre, table')) {
    if (block.scrollWidth > block.clientWidth) block.tabIndex = 0;
    else block.removeAttribute('tabindex');
  }
}
