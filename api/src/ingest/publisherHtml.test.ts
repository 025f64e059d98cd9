import { describe, expect, it } from 'vitest';
import { sanitiseHtml } from './sanitise.ts';

const clean = (html: string) => sanitiseHtml(html, 'https://blog.example/post/');

describe('sanitiseHtml on publisher markup', () => {
  it('prefers data-src over a data: placeholder and drops an image with nothing real', () => {
    expect(clean('<img src="data:image/gif;base64,R0lGOD" data-src="/a.jpg" alt="a">')).toBe(
      '<img src="https://blog.example/a.jpg" alt="a" loading="lazy" />',
    );
    expect(clean('<img src="/real.jpg" data-src="/lazy.jpg" alt="r">')).toBe(
      '<img src="https://blog.example/real.jpg" alt="r" loading="lazy" />',
    );
    expect(clean('<p>x<img src="data:image/gif;base64,R0lGOD"></p>')).toBe('<p>x</p>');
  });

  it('shows a <noscript> image once, in place of its placeholder', () => {
    expect(clean('<p><img class="lazy" src="data:," alt=""><noscript><img src="/n.jpg" alt="n"></noscript></p>')).toBe(
      '<p><img src="https://blog.example/n.jpg" alt="n" loading="lazy" /></p>',
    );
    expect(clean('<noscript><p>Enable JavaScript</p></noscript><p>text</p>')).toBe('<p>text</p>');
  });

  it('prefixes every id and in-page link, and turns old <a name> anchors into ids', () => {
    expect(clean('<h2 id="root">Top</h2><a name="note 1"></a><a href="#note%201">1</a><a href="#">top</a>')).toBe(
      '<h2 id="tidings-c-root">Top</h2><a rel="noopener noreferrer" target="_blank" id="tidings-c-note-1"></a><a href="#tidings-c-note-1">1</a><a href="https://blog.example/post/#" rel="noopener noreferrer" target="_blank">top</a>',
    );
  });

  it('captions a titled image, but not one whose title repeats its alt or that has a caption', () => {
    expect(clean('<p><a href="/big.png"><img src="/c.png" title="The joke" alt="Comic"></a></p>')).toBe(
      '<figure><a href="https://blog.example/big.png" rel="noopener noreferrer" target="_blank"><img src="https://blog.example/c.png" title="The joke" alt="Comic" loading="lazy" /></a><figcaption>The joke</figcaption></figure>',
    );
    expect(clean('<img src="/c.png" title="Same" alt="Same">')).not.toContain('figcaption');
    expect(clean('<figure><img src="/c.png" title="t"><figcaption>own</figcaption></figure>').match(/figcaption>/g)).toHaveLength(2);
    expect(clean('<img src="/c.png" title="<script>alert(1)</script>">')).toContain(
      '<figcaption>&lt;script&gt;alert(1)&lt;/script&gt;</figcaption>',
    );
  });
});
