import { parseDocument, DomUtils } from 'htmlparser2';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { normaliseFeed } from './normalise.ts';
import { parseFeed } from './parse.ts';
import {
  CONTENT_ID_PREFIX,
  GALLERY_CLASS,
  IFRAME_HOSTS,
  plainText,
  sanitiseHtml,
  deepestNesting,
  parsablePart,
  TOO_DEEP,
} from './sanitise.ts';
import { readPageMetadata } from './pageMetadata.ts';
import { findAdvertisedFeeds } from './discoverLinks.ts';

const BASE = 'https://blog.example.com/posts/';

// OWASP XSS filter-evasion cheat sheet style vectors, plus mutation-XSS and embedding tricks.
const XSS_VECTORS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<ScRiPt>alert(1)</sCrIpT>',
  '<script/XSS src="https://xss.example/xss.js"></script>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<script>alert(1)',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  "<IMG SRC=JaVaScRiPt:alert('XSS')>",
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<img src="x" ONERROR="alert(1)" OnLoad="alert(2)">',
  '<img/src="x"/onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><style><img src=x onerror=alert(1)></style></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">tab</a>',
  '<a href="jav&#x0A;ascript:alert(1)">newline</a>',
  '<a href=" &#14; javascript:alert(1)">lead</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="java\0script:alert(1)">nul</a>',
  '<a href="javascript&colon;alert(1)">colon entity</a>',
  '<a href="  javascript:alert(1)" onclick="alert(2)" onmouseover=alert(3)>handlers</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://evil.example/"></iframe>',
  '<iframe src="http://www.youtube.com/embed/x"></iframe>',
  '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
  '<style>@import "https://xss.example/xss.css";</style>',
  '<link rel="stylesheet" href="https://xss.example/xss.css">',
  '<base href="https://xss.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">go</button>',
  '<input onfocus=alert(1) autofocus>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<div style="width: expression(alert(1));">css</div>',
  '<div style="background:url(javascript:alert(1))">css url</div>',
  '<p style="behavior: url(xss.htc)">behaviour</p>',
  '<!--<script>alert(1)</script>-->',
  '<!--[if gte IE 4]><script>alert(1)</script><![endif]-->',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<plaintext><script>alert(1)</script>',
  '<textarea><script>alert(1)</script></textarea>',
  '<title><script>alert(1)</script></title>',
  '<body onload=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<video poster="javascript:alert(1)" src="https://v.example/v.mp4"></video>',
  '<audio src=x onerror=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="https://ok.example/" target="_self" rel="opener">keep the link, replace rel</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x, https://ok.example/b.png 2x">',
  '<div id="x" class="y" data-foo="z" onclick="alert(1)">attributes</div>',
  '<a href="https://ok.example/" style="color:red" onmouseover="alert(1)">"quoted" \'nested\' "<script>"</a>',
  '<img src="https://ok.example/a.png" alt="x" onerror="alert(1)"',
  '<div><p><b>unclosed <script>alert(1)',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="https://ok.example/&quot; onclick=&quot;alert(1)">escaped quotes</a>',
  '"><script>alert(1)</script>',
  '<select><option><script>alert(1)</script></option></select>',
  '<applet code="x.class"></applet>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
];

const DANGEROUS_TAGS = new Set([
  'script',
  'style',
  'svg',
  'math',
  'iframe',
  'object',
  'embed',
  'applet',
  'form',
  'input',
  'button',
  'select',
  'option',
  'textarea',
  'meta',
  'base',
  'link',
  'frame',
  'frameset',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'title',
  'body',
  'html',
  'head',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'poster', 'cite', 'srcset', 'action', 'formaction', 'data', 'xlink:href']);

/** Fails when the HTML, parsed as a browser-like parser would, holds anything that can run or load code. */
function assertInert(html: string): void {
  const document = parseDocument(html, { decodeEntities: true });
  const elements = DomUtils.findAll(() => true, document.children) as Element[];
  for (const element of elements) {
    const tag = element.name.toLowerCase();
    if (tag === 'iframe') {
      const src = new URL(element.attribs.src ?? 'invalid:');
      expect(src.protocol).toBe('https:');
      expect(IFRAME_HOSTS).toContain(src.hostname);
      expect(element.attribs.sandbox).toBe('allow-scripts allow-same-origin allow-popups');
      expect(element.attribs).not.toHaveProperty('srcdoc');
    } else {
      expect(DANGEROUS_TAGS.has(tag), `<${tag}> survived in ${html}`).toBe(false);
    }
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(name.toLowerCase().startsWith('on'), `${name} survived in ${html}`).toBe(false);
      expect(['style', 'srcdoc', 'formaction', 'action']).not.toContain(name.toLowerCase());
      // An id the app could also use (or a class it styles) would let an article reach into the app's page.
      if (name === 'id') expect(value.startsWith(CONTENT_ID_PREFIX), `id="${value}" in ${html}`).toBe(true);
      if (name === 'class') expect(`${tag} ${value}`).toBe(`figure ${GALLERY_CLASS}`);
      if (URL_ATTRIBUTES.has(name.toLowerCase())) {
        for (const url of value.split(/,\s+/).map((c) => c.trim().split(/\s+/)[0] ?? '')) {
          expect(url, `${name}="${value}" in ${html}`).toMatch(/^(https?:\/\/|mailto:)/i);
        }
      }
    }
    if (tag === 'a' && element.attribs.href) {
      expect(element.attribs).toMatchObject({ rel: 'noopener noreferrer', target: '_blank' });
    }
  }
  // A scheme can only act at the start of an attribute value; inside an https path it is inert text.
  expect(html).not.toMatch(/<script|=\s*["']?\s*(javascript|vbscript|data):/i);
}

describe('sanitiseHtml against known XSS vectors', () => {
  it('has a corpus of at least 40 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(XSS_VECTORS)('leaves nothing executable of %s', (vector) => {
    assertInert(sanitiseHtml(vector, BASE));
    assertInert(sanitiseHtml(`<p>before</p>${vector}<p>after</p>`, BASE));
  });

  it.each(XSS_VECTORS)('leaves no markup in the plain text of %s', (vector) => {
    expect(plainText(vector)).not.toMatch(/<[a-z!/]/i);
  });

  it('keeps nothing executable when the vectors arrive as a feed (content, titles, links, authors, images)', () => {
    const items = XSS_VECTORS.map(
      (vector, i) => `
      <item>
        <title><![CDATA[${vector} title ${i}]]></title>
        <link><![CDATA[javascript:alert(${i})]]></link>
        <guid>xss-${i}</guid>
        <author><![CDATA[${vector}]]></author>
        <description><![CDATA[${vector}]]></description>
        <enclosure url="javascript:alert(${i})" type="image/png"/>
      </item>`,
    );
    const xml = `<?xml version="1.0"?><rss version="2.0"><channel><title><![CDATA[<script>alert(1)</script>Feed]]></title><link>javascript:alert(1)</link>${items.join('')}</channel></rss>`;
    const feed = normaliseFeed(parseFeed(Buffer.from(xml), null), { fetchUrl: 'https://xss.example/feed', now: new Date() });
    expect(feed.title).toBe('Feed');
    expect(feed.siteUrl).toBeNull();
    expect(feed.articles).toHaveLength(XSS_VECTORS.length);
    for (const article of feed.articles) {
      assertInert(article.content);
      expect(article.title).not.toMatch(/<[a-z!/]/i);
      expect(article.url).toBeNull();
      expect(article.imageUrl === null || /^https?:\/\//.test(article.imageUrl)).toBe(true);
    }
  });
});

describe('sanitiseHtml', () => {
  it('makes links absolute, opens them in a new tab without opener or referrer', () => {
    expect(sanitiseHtml('<a href="../about" title="t">About</a>', BASE)).toBe(
      '<a href="https://blog.example.com/about" title="t" rel="noopener noreferrer" target="_blank">About</a>',
    );
  });

  it('keeps image size, alt and srcset with absolute URLs and lazy loading', () => {
    expect(sanitiseHtml('<img src="a.png" srcset="a.png 1x, /b.png 2x" width="10" height="20" alt="A">', BASE)).toBe(
      '<img src="https://blog.example.com/posts/a.png" srcset="https://blog.example.com/posts/a.png 1x, https://blog.example.com/b.png 2x" width="10" height="20" alt="A" loading="lazy" />',
    );
  });

  it('refuses data: images (decision: no data: URL anywhere)', () => {
    expect(sanitiseHtml('<p>x<img src="data:image/png;base64,iVBORw0KGgo="></p>', BASE)).toBe('<p>x</p>');
  });

  it.each([
    'https://www.youtube.com/embed/abc',
    'https://www.youtube-nocookie.com/embed/abc',
    'https://player.vimeo.com/video/1',
    'https://www.dailymotion.com/embed/video/x1',
  ])('keeps a sandboxed, lazy %s embed', (src) => {
    const html = sanitiseHtml(`<iframe src="${src}" width="560" height="315" allow="autoplay" frameborder="0"></iframe>`, BASE);
    expect(html).toBe(
      `<iframe src="${src}" width="560" height="315" sandbox="allow-scripts allow-same-origin allow-popups" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
  });

  it('removes iframes from other hosts, over http, or relative', () => {
    for (const src of [
      'https://evil.example/embed',
      'http://www.youtube.com/embed/x',
      '/embed/x',
      'https://www.youtube.com.evil.example/',
    ]) {
      expect(sanitiseHtml(`<p>a</p><iframe src="${src}">fallback</iframe>`, BASE)).toBe('<p>a</p>');
    }
  });

  it('keeps ordinary formatting', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <code>c</code></p><blockquote>q</blockquote><ul><li>one</li></ul><table><tr><td colspan="2">t</td></tr></table>';
    expect(sanitiseHtml(html, BASE)).toBe(html.replace('<table><tr>', '<table><tr>'));
  });
});

describe('plainText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(plainText('<p>Caf&eacute;&nbsp;&amp; <b>bar</b></p>\n\n<p>next</p><script>x()</script>')).toBe('Café & bar next');
  });

  it('keeps literal angle brackets that were escaped', () => {
    expect(plainText('1 &lt; 2 &amp;&amp; 3 &gt; 2')).toBe('1 < 2 && 3 > 2');
  });
});

describe('sanitiseHtml and markup nested too deeply', () => {
  it('refuses a bomb at once with a note, and keeps ordinary nesting and unclosed paragraphs', () => {
    const bomb = `${'<div><b>'.repeat(50_000)}deep${'</b></div>'.repeat(50_000)}`;
    const started = performance.now();
    expect(sanitiseHtml(bomb, null)).toBe(TOO_DEEP);
    expect(performance.now() - started).toBeLessThan(1000);
    const ordinary = `${'<div>'.repeat(100)}${'<p>Text that runs on. '.repeat(600)}${'</div>'.repeat(100)}`;
    expect(sanitiseHtml(ordinary, null)).toContain('<p>Text that runs on. </p>');
    expect(deepestNesting(ordinary)).toBe(100);
  });
});

describe('pages nested too deeply to parse whole', () => {
  const bomb = `${'<div><b>'.repeat(50_000)}deep${'</b></div>'.repeat(50_000)}`;
  const page = `<!doctype html><html><head><title>Deep page</title><meta property="og:title" content="Said in the head">
    <link rel="alternate" type="application/rss+xml" href="/feed.xml"></head><body>${bomb}</body></html>`;

  it('are read by their head alone, at once: metadata and advertised feeds', () => {
    const started = performance.now();
    expect(readPageMetadata(page, 'https://deep.example.org/', new Date()).title).toBe('Said in the head');
    expect(findAdvertisedFeeds(page, 'https://deep.example.org/')).toEqual([{ url: 'https://deep.example.org/feed.xml', title: '' }]);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(parsablePart(bomb)).toBe('');
    expect(parsablePart('<p>short</p>')).toBe('<p>short</p>');
  });
});
