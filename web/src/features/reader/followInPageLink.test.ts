import { describe, expect, it, vi } from 'vitest';
import { followInPageLink } from './followInPageLink';

function article(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const click = (target: Element) => ({ target, preventDefault: vi.fn() });

describe('followInPageLink', () => {
  it('moves focus to the footnote and keeps the address', () => {
    const root = article('<p>Text<a href="#tidings-c-fn%201">1</a></p><p id="tidings-c-fn 1">The note</p>');
    const note = root.querySelector('p#tidings-c-fn\\ 1') as HTMLElement;
    note.scrollIntoView = vi.fn();
    const event = click(root.querySelector('a')!);
    expect(followInPageLink(root, event)).toBe(true);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(document.activeElement).toBe(note);
    expect(note.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves other links and fragments without a target alone', () => {
    const root = article('<a href="https://a.example/">out</a><a href="#missing">gone</a>');
    for (const link of root.querySelectorAll('a')) {
      const event = click(link);
      expect(followInPageLink(root, event)).toBe(false);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });
});
