import { describe, expect, it } from 'vitest';
import { EXTRACTION_LIMITS, ExtractionError, extractArticle, selectorProblem, type SiteRules } from './extractArticle.ts';
import { plainText } from './sanitise.ts';

const PAGE_URL = 'https://news.example.org/2026/11/the-river?utm_source=feed';

/** A paragraph long enough, with enough commas, for Readability to score it as article text. */
const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the story, in which the author explains at some length, with commas and detail, why the river froze over that winter and what the town did next.</p>`;
const STORY = [1, 2, 3, 4].map(paragraph).join('\n');

/** A page with the story in an <article> between the site's navigation, sidebar, footer and scripts. */
function page({ head = '', article = STORY } = {}): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>The river froze</title>${head}</head><body>
<header><nav><a href="/">Home</a> <a href="/world">World news menu</a> <a href="/sport">Sport menu</a></nav></header>
<main><article><h1>The river froze</h1>${article}</article>
<aside class="sidebar"><h2>Most read</h2><ul><li><a href="/a">Sidebar headline one</a></li><li><a href="/b">Sidebar headline two</a></li></ul></aside></main>
<footer><p>Copyright footer line, all rights reserved</p></footer>
<script>window.trackReader("secret-tracking-code")</script>
</body></html>`;
}

function failure(run: () => unknown): ExtractionError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ExtractionError);
    return error as ExtractionError;
  }
  throw new Error('expected an ExtractionError');
}

/** Runs `run` and returns what it threw and how long it took, in milliseconds. */
function timedFailure(run: () => unknown): { error: ExtractionError; ms: number } {
  const started = performance.now();
  const error = failure(run);
  return { error, ms: performance.now() - started };
}

const nested = (depth: number, inner: string) => `${'<div>'.repeat(depth)}${inner}${'</div>'.repeat(depth)}`;

describe('extractArticle', () => {
  it('finds the article’s text and leaves out navigation, sidebar, footer and scripts', () => {
    const article = extractArticle(page(), PAGE_URL);
    const text = plainText(article.content);
    for (const n of [1, 2, 3, 4]) expect(text).toContain(`Paragraph ${n} of the story`);
    for (const chrome of ['World news menu', 'Sidebar headline', 'Copyright footer', 'secret-tracking-code'])
      expect(text).not.toContain(chrome);
    expect(article.content).not.toMatch(/<(script|nav|footer)\b/i);
    expect(article).toMatchObject({ title: 'The river froze', textLength: text.length, canonicalUrl: PAGE_URL });
  });

  it('resolves relative links and images against the page, or its <base href>', () => {
    const links = `${STORY}<p>See <a href="../10/earlier">the earlier story</a> and <a href="/maps">the maps</a>.</p>
      <p><img src="photos/ice.jpg" alt="Ice"></p>`;
    const againstPage = extractArticle(page({ article: links }), PAGE_URL).content;
    expect(againstPage).toContain('href="https://news.example.org/2026/10/earlier"');
    expect(againstPage).toContain('href="https://news.example.org/maps"');
    expect(againstPage).toContain('src="https://news.example.org/2026/11/photos/ice.jpg"');

    const based = extractArticle(page({ head: '<base href="https://static.example.net/site/">', article: links }), PAGE_URL).content;
    expect(based).toContain('href="https://static.example.net/10/earlier"');
    expect(based).toContain('href="https://static.example.net/maps"');
    expect(based).toContain('src="https://static.example.net/site/photos/ice.jpg"');
  });

  it('keeps lazy images, srcset and <picture> sources, every address absolute', () => {
    const media = `${STORY}
      <p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/img/lazy.jpg" alt="Lazy"></p>
      <p><img src="/img/small.jpg" srcset="/img/small.jpg 1x, img/large.jpg 2x" alt="Sized"></p>
      <picture><source srcset="/img/wide.webp 1x, /img/wide@2x.webp 2x" type="image/webp"><img src="/img/wide.jpg" alt="Wide"></picture>`;
    const content = extractArticle(page({ article: media }), PAGE_URL).content;
    expect(content).toContain('src="https://news.example.org/img/lazy.jpg"');
    expect(content).not.toContain('data:');
    expect(content).toContain('srcset="https://news.example.org/img/small.jpg 1x, https://news.example.org/2026/11/img/large.jpg 2x"');
    expect(content).toMatch(
      /<picture><source srcset="https:\/\/news\.example\.org\/img\/wide\.webp 1x, https:\/\/news\.example\.org\/img\/wide@2x\.webp 2x" type="image\/webp"/,
    );
    expect(content).toContain('src="https://news.example.org/img/wide.jpg"');
  });

  it('reads a page that leaves out its optional <html>, <head> and <body> tags', () => {
    const bare = `<!doctype html><meta charset="utf-8"><title>The river froze</title><link rel="canonical" href="/the-river">
      <nav><a href="/">Home</a> <a href="/world">World news menu</a></nav><article>${STORY}</article>`;
    const article = extractArticle(bare, PAGE_URL);
    expect(plainText(article.content)).toContain('Paragraph 4 of the story');
    expect(plainText(article.content)).not.toContain('World news menu');
    expect(article).toMatchObject({ title: 'The river froze', canonicalUrl: 'https://news.example.org/the-river' });
  });

  it('returns the page’s canonical address on its own site, else the address it was fetched from', () => {
    const canonical = page({ head: '<link rel="canonical" href="/2026/11/the-river">' });
    expect(extractArticle(canonical, PAGE_URL).canonicalUrl).toBe('https://news.example.org/2026/11/the-river');
    const elsewhere = page({ head: '<link rel="canonical" href="https://aggregator.example.com/the-river">' });
    expect(extractArticle(elsewhere, PAGE_URL).canonicalUrl).toBe(PAGE_URL);
  });

  describe('site rules', () => {
    const parts = `<div class="part"><p>First part of the text.</p><p class="part">A nested part, already inside the first.</p></div>
      <div class="ad"><p>An advertisement between the parts.</p></div>
      <div class="part"><p>Second part of the text.</p><div class="ad">An advertisement inside a part.</div></div>`;

    it('takes every match of the content selector, in page order, each once, and removes what the remove selectors match', () => {
      const rules: SiteRules = { contentSelector: '.part', removeSelectors: ['.ad'] };
      const article = extractArticle(page({ article: parts }), PAGE_URL, rules);
      expect(plainText(article.content)).toBe('First part of the text. A nested part, already inside the first. Second part of the text.');
      // Short text is fine when a reader chose the selector: the page may hold no more.
      expect(article.textLength).toBeLessThan(250);
    });

    it('removes what the remove selectors match before Readability reads the page', () => {
      const withBox = `${STORY}<div class="newsletter"><p>Sign up to the newsletter, it is free, weekly and full of stories.</p></div>`;
      expect(plainText(extractArticle(page({ article: withBox }), PAGE_URL).content)).toContain('Sign up to the newsletter');
      const rules: SiteRules = { contentSelector: null, removeSelectors: ['.newsletter', 'p:first-of-type'] };
      const text = plainText(extractArticle(page({ article: withBox }), PAGE_URL, rules).content);
      expect(text).not.toContain('Sign up to the newsletter');
      expect(text).not.toContain('Paragraph 1 of the story');
      expect(text).toContain('Paragraph 2 of the story');
    });

    it('fails with selector-matched-nothing when the content selector matches nothing, or nothing but empty elements', () => {
      const none = failure(() => extractArticle(page(), PAGE_URL, { contentSelector: '.story-body', removeSelectors: [] }));
      expect(none).toMatchObject({
        kind: 'selector-matched-nothing',
        message: 'Nothing on the page matches the content selector “.story-body”',
      });
      const empty = failure(() =>
        extractArticle(page({ article: `<div class="story-body"> <img src="/a.jpg"> </div>${STORY}` }), PAGE_URL, {
          contentSelector: '.story-body',
          removeSelectors: [],
        }),
      );
      expect(empty.kind).toBe('selector-matched-nothing');
      const removed = failure(() => extractArticle(page(), PAGE_URL, { contentSelector: 'article', removeSelectors: ['article'] }));
      expect(removed.kind).toBe('selector-matched-nothing');
    });
  });

  it('fails with nothing-found on a page without an article', () => {
    const teaser = page({ article: '<p>Subscribe to read this story.</p>' });
    expect(failure(() => extractArticle(teaser, PAGE_URL))).toMatchObject({
      kind: 'nothing-found',
      message: 'No article text was found on the page',
    });
    expect(failure(() => extractArticle('<!doctype html><html><body></body></html>', PAGE_URL)).kind).toBe('nothing-found');
    for (const empty of ['', '  ', 'Plain text with no markup at all', '<!doctype html>']) {
      expect(failure(() => extractArticle(empty, PAGE_URL)).kind).toBe('nothing-found');
    }
  });

  describe('complexity limits', () => {
    it('reads a page nested right up to the limit', () => {
      // <html>, <body> and the <p>s are three of the levels.
      const deepest = `<html><body>${nested(EXTRACTION_LIMITS.deepestNesting - 3, STORY)}</body></html>`;
      expect(plainText(extractArticle(deepest, PAGE_URL).content)).toContain('Paragraph 4 of the story');
    });

    it.each([
      ['one level too deep', `<html><body>${nested(EXTRACTION_LIMITS.deepestNesting - 2, STORY)}</body></html>`],
      ['100,000 unclosed tags', `<html><body>${'<b>'.repeat(100_000)}${STORY}`],
      ['1,000,000 unclosed tags', `<html><body>${'<div>'.repeat(1_000_000)}${STORY}`],
    ])('fails too-complex, quickly and without overflowing the stack, on markup %s', (_name, html) => {
      const { error, ms } = timedFailure(() => extractArticle(html, PAGE_URL));
      expect(error).toMatchObject({ kind: 'too-complex', message: 'The page’s markup is nested more than 400 levels deep' });
      expect(ms).toBeLessThan(500);
    });

    it.each([
      ['one more than the limit', EXTRACTION_LIMITS.elements + 1],
      ['millions of', 1_500_000],
    ])('fails too-complex, quickly, on %s elements', (_name, count) => {
      const html = `<html><body><article>${STORY}</article>${'<i></i>'.repeat(count - 7)}</body></html>`;
      const { error, ms } = timedFailure(() => extractArticle(html, PAGE_URL));
      expect(error).toMatchObject({ kind: 'too-complex', message: 'The page has more than 60,000 elements' });
      expect(ms).toBeLessThan(500);
    });

    it.each([
      // Each within the depth and element limits, and each minutes of Readability's time.
      ['many elements, each deeply nested', `<html><body>${Array.from({ length: 200 }, () => nested(299, 'x')).join('')}</body></html>`],
      ['long text deep down', `<html><body>${nested(390, `<p>${'word, '.repeat(700_000)}</p>`)}</body></html>`],
    ])('fails too-complex, quickly, on %s', (_name, html) => {
      const { error, ms } = timedFailure(() => extractArticle(html, PAGE_URL));
      expect(error).toMatchObject({ kind: 'too-complex', message: 'The page is too large and too deeply nested to read' });
      expect(ms).toBeLessThan(500);
    });

    it('does not count scripts and styles towards the weight', () => {
      const bundle = `<script>${'var a = 1;'.repeat(400_000)}</script><style>${'p{}'.repeat(400_000)}</style>`;
      const html = `<html><head>${bundle}</head><body>${nested(20, `<article>${STORY}</article>`)}</body></html>`;
      expect(plainText(extractArticle(html, PAGE_URL).content)).toContain('Paragraph 1 of the story');
    });
  });

  it('sanitises a hostile page: no scripts, handlers, script URLs, styles, forms or foreign embeds', () => {
    const hostile = `${STORY}
      <p onclick="steal()" style="position:fixed">Click <a href="javascript:steal()">here</a> or <a href="/safe" onmouseover="steal()">there</a>.</p>
      <p><img src="/a.jpg" onerror="steal()" alt="x"><img src="javascript:steal()"></p>
      <script>steal()</script><script src="https://evil.example/x.js"></script><noscript><p>noscript text</p></noscript>
      <iframe src="https://evil.example/frame"></iframe><iframe src="https://www.youtube.com/embed/abc"></iframe>
      <svg onload="steal()"><script>steal()</script></svg><object data="/x.swf"></object><embed src="/x.swf">
      <form action="https://evil.example/"><input name="password"><button>Send</button></form>
      <style>body { display: none }</style><a href="data:text/html,<script>steal()</script>">data</a>
      <div><p>A closing paragraph, with commas, so Readability keeps the div of hostile markup, and reads on.</p></div>`;
    const content = extractArticle(page({ article: hostile }), PAGE_URL).content;
    expect(content).not.toMatch(
      /<script|<style|<svg|<object|<embed|<form|<input|<button|\son\w+=|javascript:|data:|style=|steal|evil\.example/i,
    );
    expect(content).toContain('href="https://news.example.org/safe"');
    expect(content).toContain('src="https://news.example.org/a.jpg"');
    expect(content).toContain('Paragraph 1 of the story');
  });
});

describe('selectorProblem', () => {
  it.each(['article', '.post-body', '#content > .entry', 'div.story p:not(.ad)', 'main section:nth-of-type(2)', 'h1 + p, h1 ~ figure'])(
    'accepts %s',
    (selector) => {
      expect(selectorProblem(selector)).toBeNull();
    },
  );

  it.each([
    ['[[', '“[[” is not a CSS selector: '],
    ['div >', '“div >” ends in a combinator'],
    ['h1 +', '“h1 +” ends in a combinator'],
    ['::before', '“::before” is not a CSS selector: '],
    ['p::first-line', '“p::first-line” is not a CSS selector: '],
    [':not(', '“:not(” is not a CSS selector: '],
  ])('explains what is wrong with %s', (selector, start) => {
    expect(selectorProblem(selector)).toMatch(new RegExp(`^${start.replace(/[[\]()+]/g, '\\$&')}`));
  });
});

describe('extractArticle and publishers’ own markings', () => {
  const story = (paragraphs: number, extra = '') =>
    `<!doctype html><html><head>${extra}</head><body><article>${Array.from(
      { length: paragraphs },
      (_, i) => `<p>Paragraph ${i}: the council met on Tuesday and decided, after a long debate, to keep the library open.</p>`,
    ).join('')}</article></body></html>`;
  const paywall = '<script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":"False"}</script>';

  it('refuses a paywalled teaser, and reads a metered paywall’s whole article', () => {
    expect(() => extractArticle(story(4, paywall), 'https://news.example.org/a')).toThrow(
      expect.objectContaining({ kind: 'paywalled', message: 'The page shows the article to subscribers only' }),
    );
    expect(extractArticle(story(30, paywall), 'https://news.example.org/a').textLength).toBeGreaterThan(1500);
  });

  it('keeps Substack’s section headings, which Readability would drop for their class', () => {
    const html = story(6).replace('<article>', '<article><h2 class="header-anchor-post">The budget<a class="anchor" href="#x"></a></h2>');
    expect(extractArticle(html, 'https://letter.substack.com/p/a').content).toContain('The budget');
  });
});
