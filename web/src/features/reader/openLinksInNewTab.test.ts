import { describe, expect, it } from 'vitest';
import { openLinksInNewTab } from './openLinksInNewTab';

function fragment(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('openLinksInNewTab', () => {
  it('gives a link without target or rel both, and replaces a weaker rel', () => {
    const root = fragment('<p><a href="https://a.example/">a</a> <a href="https://b.example/" target="_self" rel="opener">b</a></p>');
    openLinksInNewTab(root);
    for (const link of root.querySelectorAll('a')) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('leaves anchors without an address alone', () => {
    const root = fragment('<a id="footnote-1">1</a>');
    openLinksInNewTab(root);
    expect(root.querySelector('a')?.hasAttribute('target')).toBe(false);
  });

  it('keeps in-page links (footnotes) in the page', () => {
    const root = fragment('<a href="#tidings-c-fn-1" target="_blank">1</a>');
    openLinksInNewTab(root);
    expect(root.querySelector('a')?.hasAttribute('target')).toBe(false);
  });
});
