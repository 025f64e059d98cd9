import { describe, expect, it } from 'vitest';
import {
  anchor,
  describeRange,
  drawHighlights,
  normalise,
  rangeOf,
  removeHighlights,
  selectorAt,
  textOf,
  type TextSelector,
} from './anchoring';

function content(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

/** The selector of the first occurrence of `passage` in `html`'s text, as a selection of it would be described. */
function selectorOf(html: string, passage: string, occurrence = 0): TextSelector {
  const { text } = textOf(content(html));
  let index = -1;
  for (let i = 0; i <= occurrence; i++) index = text.indexOf(passage, index + 1);
  if (index < 0) throw new Error(`no ${passage}`);
  return selectorAt(text, index, index + passage.length);
}

/** The text a selector anchors to in `html`, with how it was found. */
function found(html: string, selector: TextSelector) {
  const { text } = textOf(content(html));
  const anchored = anchor(text, selector);
  return anchored && { text: text.slice(anchored.start, anchored.end), method: anchored.method, start: anchored.start };
}

const ARTICLE =
  '<p>Rivers carry the rain of a whole country to the sea.</p>' +
  '<p>The delta is where the river slows and drops what it carried, and the land grows.</p>' +
  '<p>In spring the water rises; in autumn it falls again.</p>';

describe('anchoring a highlight again', () => {
  const passage = 'drops what it carried';

  it('finds an unchanged passage at its position', () => {
    expect(found(ARTICLE, selectorOf(ARTICLE, passage))).toMatchObject({ text: passage, method: 'position' });
  });

  it('finds it by its quote when text was inserted before it', () => {
    const edited = '<p>A new first paragraph, added later.</p>' + ARTICLE;
    expect(found(edited, selectorOf(ARTICLE, passage))).toMatchObject({ text: passage, method: 'quote' });
  });

  it('tells a repeated passage apart by the text around it', () => {
    const repeated = '<p>Yes, the river. Then the sea.</p><p>No, the river. Then the hills.</p><p>Maybe the river. Then the sea.</p>';
    const second = selectorOf(repeated, 'the river', 1);
    // The article grew at the start, so the position points at other text: the context decides.
    const edited = '<p>Preface.</p>' + repeated;
    const result = found(edited, second);
    expect(result).toMatchObject({ method: 'quote' });
    expect(textOf(content(edited)).text.slice(result!.start - 4, result!.start)).toBe('No, ');
  });

  it('prefers the occurrence nearest its old place when the context does not decide', () => {
    const repeated = '<p>echo</p><p>echo</p><p>echo</p>';
    const third = { ...selectorOf(repeated, 'echo', 2), prefix: '', suffix: '' };
    const edited = '<p>x</p>' + repeated;
    expect(found(edited, third)?.start).toBe(9);
  });

  it('finds a passage edited a little inside by an approximate match', () => {
    const selector = selectorOf(ARTICLE, 'where the river slows and drops what it carried');
    const edited = ARTICLE.replace('slows and drops what it carried', 'slowed and drops what it had carried');
    expect(found(edited, selector)).toMatchObject({ text: 'where the river slowed and drops what it had carried', method: 'fuzzy' });
  });

  it('finds a passage whose whitespace, quotes and dashes differ (the other version of the article)', () => {
    const feed = '<p>He said “wait — the tide”\n  is  turning.</p>';
    const full = '<p>He said "wait - the tide" is turning.</p>';
    expect(found(full, selectorOf(feed, 'said “wait — the tide”\n  is  turning'))).toMatchObject({
      text: 'said "wait - the tide" is turning',
      method: 'quote',
    });
  });

  it('finds a passage across a paragraph boundary when the other version has no whitespace between blocks', () => {
    const feed = '<p>The end of one.</p>\n<p>The start of two.</p>';
    const full = '<p>The end of one.</p><p>The start of two.</p>';
    expect(found(full, selectorOf(feed, 'end of one.\nThe start'))).toMatchObject({ text: 'end of one.The start', method: 'fuzzy' });
  });

  it('does not place a passage that was removed', () => {
    const edited = ARTICLE.replace('<p>The delta is where the river slows and drops what it carried, and the land grows.</p>', '');
    expect(found(edited, selectorOf(ARTICLE, passage))).toBeNull();
  });

  it('does not place a passage rewritten beyond recognition', () => {
    const edited = ARTICLE.replace('drops what it carried', 'leaves its sediment behind');
    expect(found(edited, selectorOf(ARTICLE, passage))).toBeNull();
  });

  it('finds a passage stored without a position by its quote', () => {
    expect(found(ARTICLE, { ...selectorOf(ARTICLE, passage), start: null, end: null })).toMatchObject({ text: passage, method: 'quote' });
  });
});

describe('describing a selection', () => {
  it('describes a selection across a link, emphasis and a paragraph boundary, without the whitespace at its ends', () => {
    const root = content('<p>Read <a href="https://example.com/">the <em>whole</em> story</a> here.</p>\n<p>Then go on.</p>');
    const { text } = textOf(root);
    const range = document.createRange();
    range.setStart(root.querySelector('a')!.firstChild!, 0);
    range.setEnd(root.querySelectorAll('p')[1]!.firstChild!, 4);
    expect(describeRange(root, range)).toEqual({
      exact: 'the whole story here.\nThen',
      prefix: 'Read ',
      suffix: ' go on.',
      start: 5,
      end: 5 + 'the whole story here.\nThen'.length,
    });
    expect(text.slice(5, 5 + 26)).toBe('the whole story here.\nThen');
  });

  it('keeps 32 characters of context on each side', () => {
    const root = content(`<p>${'a'.repeat(50)} middle ${'b'.repeat(50)}</p>`);
    const range = rangeOf(root, 51, 57);
    expect(describeRange(root, range)).toMatchObject({ exact: 'middle', prefix: `${'a'.repeat(31)} `, suffix: ` ${'b'.repeat(31)}` });
  });

  it('keeps the part of a selection inside the article when it runs on past its end', () => {
    const page = content('<div class="article"><p>The last words.</p></div><aside>Comments</aside>');
    const article = page.querySelector('.article')!;
    const range = document.createRange();
    range.setStart(article.querySelector('p')!.firstChild!, 4);
    range.setEnd(page.querySelector('aside')!.firstChild!, 5);
    expect(describeRange(article, range)).toMatchObject({ exact: 'last words.', start: 4, end: 15 });
  });

  it('refuses a selection of whitespace only, or outside the article', () => {
    const root = content('<p>One</p> <p>Two</p>');
    expect(describeRange(root, rangeOf(root, 3, 4))).toBeNull();
    const elsewhere = document.createElement('p');
    elsewhere.textContent = 'elsewhere';
    const range = document.createRange();
    range.selectNodeContents(elsewhere);
    expect(describeRange(root, range)).toBeNull();
  });
});

describe('drawing highlights', () => {
  it('wraps each text node of a passage across elements in its own mark, keeping the elements', () => {
    const html = '<p>Read <a href="https://example.com/">the <em>whole</em> story</a> here.</p>\n<ul><li>One</li>\n<li>Two</li></ul>';
    const root = content(html);
    const { placed } = drawHighlights(root, [{ id: 'h1', ...selectorOf(html, 'whole story here.\nOne\nTw') }]);
    expect(placed.get('h1')?.method).toBe('position');
    const marks = [...root.querySelectorAll('mark.tidings-highlight')];
    expect(marks.map((mark) => mark.textContent)).toEqual(['whole', ' story', ' here.', 'One', 'Tw']);
    expect(marks.every((mark) => mark.getAttribute('data-highlight-id') === 'h1')).toBe(true);
    // The whitespace between the list items stays outside any mark: a mark cannot be a child of a list.
    expect([...root.querySelector('ul')!.children].map((child) => child.tagName)).toEqual(['LI', 'LI']);
    expect(root.querySelector('a em mark')?.textContent).toBe('whole');
    expect(textOf(root).text).toBe(textOf(content(html)).text);
  });

  it('draws over a selection with an image in it, leaving the image where it was', () => {
    const html = '<p>Before the picture <img src="https://example.com/a.png" alt="A"> after the picture.</p>';
    const root = content(html);
    drawHighlights(root, [{ id: 'h1', ...selectorOf(html, 'picture  after') }]);
    expect([...root.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['picture ', ' after']);
    expect(root.querySelector('p > img')).not.toBeNull();
  });

  it('draws overlapping highlights and lists the ones it could not place', () => {
    const root = content(ARTICLE);
    const { unplaced } = drawHighlights(root, [
      { id: 'a', ...selectorOf(ARTICLE, 'the river slows') },
      { id: 'b', ...selectorOf(ARTICLE, 'river slows and drops') },
      { id: 'gone', ...selectorOf(ARTICLE, 'drops'), exact: 'a sentence that is not there' },
    ]);
    expect(unplaced).toEqual(['gone']);
    expect(root.querySelectorAll('mark[data-highlight-id="b"]').length).toBeGreaterThan(0);
    expect(textOf(root).text).toBe(textOf(content(ARTICLE)).text);
  });

  it('undoes its marks cleanly, leaving the HTML as it was', () => {
    const html = '<p>Read <a href="https://example.com/">the <em>whole</em> story</a> here.</p><p>Then go on.</p>';
    const root = content(html);
    drawHighlights(root, [
      { id: 'a', ...selectorOf(html, 'whole story here.Then') },
      { id: 'b', ...selectorOf(html, 'story') },
    ]);
    removeHighlights(root);
    expect(root.innerHTML).toBe(html);
    expect(textOf(root).nodes.length).toBe(textOf(content(html)).nodes.length);
  });
});

describe('normalising text for the quote search', () => {
  it('maps every normalised character back to the original', () => {
    const { text, offsets } = normalise('a \n b’c\u00add');
    expect(text).toBe("a b'cd");
    expect(offsets).toEqual([0, 1, 4, 5, 6, 8, 9]);
  });
});
