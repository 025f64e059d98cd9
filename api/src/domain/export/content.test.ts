import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { MARKUP_INJECTIONS } from '../../../test/hostileText.ts';
import { unzip } from '../../../test/zip.ts';
import { sanitiseHtml } from '../../ingest/sanitise.ts';
import { instanceDigest } from '../digests/digestContent.ts';
import { composeBook, digestChapter } from './book.ts';
import { blocksText, htmlToBlocks, imageSources } from './blocks.ts';
import { renderEpub } from './epub.ts';
import { epubFonts, fontRuns } from './fonts.ts';
import type { ExportArticle } from './gather.ts';
import { fetchImages, IMAGE_LIMITS } from './images.ts';
import { renderPdf } from './pdf.ts';

describe('htmlToBlocks', () => {
  it('reads headings, paragraphs with inline styles and links, lists, quotes, code, images and rules', () => {
    const html = sanitiseHtml(
      `<h2>Title <em>here</em></h2><p>Some <strong>bold</strong>, <i>italic</i>, <code>code</code> and <a href="/x">a link</a>.</p>
       <ol><li>one</li><li>two <ul><li>nested</li></ul></li></ol><blockquote><p>Quoted</p></blockquote><pre><code>a = 1\nb = 2</code></pre>
       <hr><figure><img src="https://img.example/a.jpg" alt="Alt"><figcaption>Caption</figcaption></figure>`,
      'https://site.example/post',
    );
    expect(htmlToBlocks(html)).toEqual([
      { kind: 'heading', level: 2, inlines: [{ text: 'Title ' }, { text: 'here', italic: true }] },
      {
        kind: 'paragraph',
        inlines: [
          { text: 'Some ' },
          { text: 'bold', bold: true },
          { text: ', ' },
          { text: 'italic', italic: true },
          { text: ', ' },
          { text: 'code', code: true },
          { text: ' and ' },
          { text: 'a link', href: 'https://site.example/x' },
          { text: '.' },
        ],
      },
      {
        kind: 'list',
        ordered: true,
        items: [
          [{ kind: 'paragraph', inlines: [{ text: 'one' }] }],
          [
            { kind: 'paragraph', inlines: [{ text: 'two' }] },
            { kind: 'list', ordered: false, items: [[{ kind: 'paragraph', inlines: [{ text: 'nested' }] }]] },
          ],
        ],
      },
      { kind: 'quote', blocks: [{ kind: 'paragraph', inlines: [{ text: 'Quoted' }] }] },
      { kind: 'code', text: 'a = 1\nb = 2' },
      { kind: 'rule' },
      { kind: 'image', src: 'https://img.example/a.jpg', alt: 'Alt' },
      { kind: 'paragraph', inlines: [{ text: 'Caption' }] },
    ]);
  });

  it('keeps nothing that is not text, an http(s) link or an http(s) image, whatever the HTML holds', () => {
    const blocks = htmlToBlocks(
      `<script>alert(1)</script><style>p{}</style><p onclick="x()">Text <a href="javascript:alert(1)">bad link</a></p><img src="data:image/png;base64,AAAA"><img src="file:///etc/passwd"><iframe src="https://www.youtube.com/embed/x"></iframe>`,
    );
    expect(blocks).toEqual([
      { kind: 'paragraph', inlines: [{ text: 'Text ' }, { text: 'bad link' }] },
      { kind: 'paragraph', inlines: [{ text: 'Embedded media', href: 'https://www.youtube.com/embed/x', italic: true }] },
    ]);
    expect(imageSources(blocks)).toEqual([]);
  });
});

describe('digestChapter', () => {
  it('makes a digest its own chapter: summary, headings, lists and paragraphs from its formatted text', () => {
    const chapter = digestChapter({
      title: 'Your week',
      startDate: new Date('2026-11-16T00:00:00Z'),
      endDate: new Date('2026-11-22T00:00:00Z'),
      summary: 'A busy week.',
      content: '# Highlights\n\n- Read 12 articles\n- Liked 3\n\nMost of it was about solar power.',
    });
    expect(chapter).toMatchObject({ title: 'Your week', subtitle: 'Nov 16, 2026 – Nov 22, 2026', articles: [] });
    expect(chapter.blocks.map((block) => block.kind)).toEqual(['paragraph', 'heading', 'list', 'paragraph']);
  });
});

/** Text people and feeds may write, each trying to become markup somewhere. */
const HOSTILE = [
  ...MARKUP_INJECTIONS,
  '[click](javascript:alert(5)) ![pixel](https://evil.example/p.png)',
  'control\u0001 characters\u001F XML forbids',
];
// Characters XML 1.0 forbids even escaped (C0 controls but tab, newline and carriage return; U+FFFE, U+FFFF).
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** The element names and the text of parsed XML (fast-xml-parser's preserveOrder form). */
function walk(nodes: Record<string, unknown>[], found = { tags: [] as string[], texts: [] as string[] }) {
  for (const node of nodes)
    for (const [key, value] of Object.entries(node)) {
      if (key === '#text') found.texts.push(String(value));
      else if (key !== ':@') {
        found.tags.push(key);
        walk(value as Record<string, unknown>[], found);
      }
    }
  return found;
}

describe('text from feeds and people in an export', () => {
  const now = new Date('2026-11-23T00:00:00Z');
  const articles: ExportArticle[] = HOSTILE.map((title, index) => ({
    id: `a${index}`,
    title,
    feedTitle: HOSTILE.at(-1 - index)!,
    author: title,
    publishedAt: now,
    savedAt: new Date(now.getTime() - index),
    url: `https://news.example/${index}?a=1&b="2"`,
    blocks: [{ kind: 'paragraph', inlines: [{ text: title }] }],
    excerptOnly: false,
    text: title,
  }));
  const digest = instanceDigest(
    {
      counts: { totalReads: 3, totalShares: 2, activeUsers: 1 },
      mostShared: HOSTILE.map((title, index) => ({ id: `a${index}`, title, feedTitle: 'Feed', shares: 2 })),
      newFeeds: HOSTILE.map((title, index) => ({ feedId: `f${index}`, title, url: `https://feeds.example/${index}.xml`, subscribers: 1 })),
      articles: [],
    },
    'Nov 16 – Nov 22',
  );
  const options = { days: 7, includeLiked: true, includeShared: false, includeDigest: true, digestId: 'digest' };
  const book = composeBook(articles, { ...digest, startDate: now, endDate: now }, options, now);
  const shown = (text: string) => text.replace(new RegExp(XML_FORBIDDEN, 'g'), '');

  it('reads a digest as the text it shows: no Markdown escapes or comments, a suggested feed linked to its address', () => {
    const chapter = book.chapters[0]!;
    const text = blocksText(chapter.blocks);
    for (const title of HOSTILE) expect(text).toContain(title);
    expect(text).not.toMatch(/\\[<>[\]()!*&]/);
    expect(text).not.toContain('Topics were found');
    const runs = JSON.stringify(chapter.blocks);
    expect(runs).toContain(JSON.stringify({ text: HOSTILE[0], href: 'https://feeds.example/0.xml' }));
    expect(runs).not.toContain('"href":"/article/');
  });

  it('writes every text into the EPUB as text: well-formed XHTML with no element it did not make', async () => {
    const files = unzip(await renderEpub(book, new Map()));
    const documents = [...files]
      .filter(([name]) => /\.(xhtml|opf|ncx)$/.test(name))
      .map(([name, data]) => [name, data.toString('utf8')] as const);
    expect(documents.length).toBeGreaterThan(HOSTILE.length);
    // htmlEntities: the numeric references the EPUB library writes for non-ASCII characters are decoded too.
    const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, htmlEntities: true, parseTagValue: false });
    const texts: string[] = [];
    for (const [name, xml] of documents) {
      expect(xml, name).not.toMatch(XML_FORBIDDEN);
      expect(XMLValidator.validate(xml), name).toBe(true);
      const found = walk(parser.parse(xml));
      expect(found.tags, name).not.toContain('img');
      expect(found.tags, name).not.toContain('script');
      texts.push(...found.texts);
    }
    for (const title of HOSTILE) {
      expect(texts).toContain(shown(title));
      expect(texts).toContain(`· ${shown(title)}`);
    }
  });
});

describe('fontRuns', () => {
  const part = (run: { file: string }) => path.basename(run.file).replace(/\.woff$/, '');
  const parts = (text: string, bold = false, italic = false) => fontRuns(text, bold, italic).map((run) => [part(run), run.text]);

  it('sets each stretch of text in the bundled part holding its characters, spaces staying in their run', () => {
    expect(parts('Plain English text.')).toEqual([['noto-sans-latin-400-normal', 'Plain English text.']]);
    expect(parts('Привет, Γειά σου')).toEqual([
      ['noto-sans-cyrillic-400-normal', 'Привет'],
      ['noto-sans-latin-400-normal', ', '],
      ['noto-sans-greek-400-normal', 'Γειά σου'],
    ]);
    expect(parts('مرحبا بالعالم')).toEqual([['noto-sans-arabic-arabic-400-normal', 'مرحبا بالعالم']]);
    const cjk = fontRuns('你好世界，日本語のテキスト', false, false);
    expect(cjk.every((run) => part(run).startsWith('noto-sans-sc-'))).toBe(true);
    expect(cjk.map((run) => run.text).join('')).toBe('你好世界，日本語のテキスト');
  });

  it('takes the bold and italic faces where the script has them, the regular one where not', () => {
    expect(parts('Bold', true)).toEqual([['noto-sans-latin-700-normal', 'Bold']]);
    expect(parts('Slanted', false, true)).toEqual([['noto-sans-latin-400-italic', 'Slanted']]);
    expect(parts('مرحبا', true, true)).toEqual([['noto-sans-arabic-arabic-700-normal', 'مرحبا']]);
    expect(fontRuns('你好', true, false).every((run) => part(run).endsWith('-400-normal'))).toBe(true);
  });
});

/** Just enough of fontkit (pdfkit's font reader) to read a font back as a browser or e-reader would. */
type ReadFont = {
  numGlyphs: number;
  characterSet: number[];
  directory: { tables: Record<string, unknown> };
  glyphForCodePoint(code: number): { id: number; advanceWidth: number; path: { toSVG(): string } };
};
const fontkit = createRequire(import.meta.url)('fontkit') as { create(data: Buffer): ReadFont };

/** A book of one article per text, each text its title's start and its paragraph. */
function bookOf(texts: string[]) {
  const now = new Date('2026-11-23T00:00:00Z');
  const articles: ExportArticle[] = texts.map((text, index) => ({
    id: `a${index}`,
    title: `Article ${text.slice(0, 8)}`,
    feedTitle: 'Feed',
    author: null,
    publishedAt: now,
    savedAt: now,
    url: null,
    blocks: [{ kind: 'paragraph', inlines: [{ text }, { text: ' and more', bold: true }] }],
    excerptOnly: false,
    text,
  }));
  return composeBook(articles, null, { days: 7, includeLiked: true, includeShared: false, includeDigest: false, digestId: null }, now);
}

describe('renderPdf', () => {
  it('sets every character a bundled part holds, those of the CJK part whose WOFF fontkit cannot read included', async () => {
    // 們, 乍 and 〉 are in that part, and ❤ is in its range (though it has no glyph for it): pdfkit failed on the
    // part, and so did the whole export.
    const pdf = await renderPdf(bookOf(['I ❤ this', '們乍〉 and Новости']), new Map());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain('們乍〉 and Новости');
    expect(text).toMatch(/I .{1,3}this and more/);
  });
});

describe('fonts in the EPUB', () => {
  // What English articles hold beyond ASCII: punctuation, accents, currency and a few symbols.
  const LATIN = 'Plain English: “quotes”, ‘single’ — dashes – café, naïve, façade, Ångström, € 5, £ 3, № 7, 10 → 20, ½ © ™ • … ✓';
  const CJK = '太阳能发电。日本語のテキスト，カタカナ';
  const SCRIPTS = [LATIN, 'Солнечная энергия растёт.', 'Ελληνικά κείμενα.', CJK, 'الطاقة الشمسية', 'שלום עולם', 'नमस्ते', '안녕하세요'];
  const NOTO_SANS_FACES = ['400-normal', '400-italic', '700-normal', '700-italic'];

  it('embeds none for Latin text, whatever punctuation and symbols it holds', async () => {
    expect(await epubFonts(LATIN)).toEqual([]);
  });

  it('embeds the parts of exactly the bundled scripts the text uses, in each face the PDF has for them, and nothing for other scripts', async () => {
    const fonts = await epubFonts(SCRIPTS.join(' '));
    expect(fonts.map((font) => font.fileName)).toEqual([
      ...NOTO_SANS_FACES.map((face) => `noto-sans-cyrillic-${face}.ttf`),
      ...NOTO_SANS_FACES.map((face) => `noto-sans-greek-${face}.ttf`),
      'noto-sans-arabic-arabic-400-normal.ttf',
      'noto-sans-arabic-arabic-700-normal.ttf',
      'noto-sans-sc-400-normal.ttf',
    ]);
    expect(fonts.map(({ family, weight, italic }) => `${family} ${weight}${italic ? ' italic' : ''}`)).toContain(
      'noto-sans-greek 700 italic',
    );
    // Each script alone calls for its own part; Hebrew, Devanagari and Hangul, which no bundled font is for (the
    // CJK parts hold a few of their characters), are left to the reader's fonts.
    for (const [text, family] of [
      ['Привет', 'noto-sans-cyrillic'],
      ['Γειά σου', 'noto-sans-greek'],
      ['مرحبا', 'noto-sans-arabic-arabic'],
      ['你好', 'noto-sans-sc'],
      ['カタカナ', 'noto-sans-sc'],
    ])
      expect(new Set((await epubFonts(`${LATIN} ${text}`)).map((font) => font.family)), text).toEqual(new Set([family]));
    expect(await epubFonts('שלום עולם नमस्ते 안녕하세요 ภาษาไทย')).toEqual([]);
  });

  it('makes CJK one subset of the characters used, each glyph and width as in the part the PDF takes it from', async () => {
    const text = `${LATIN} ${CJK} नमस्ते`;
    const [subset] = await epubFonts(text);
    const font = fontkit.create(subset!.data);
    // The characters the PDF sets in the CJK parts (with symbols such as → that those parts hold), but the
    // Devanagari ones they hold too.
    const inCjkParts = (char: string) => fontRuns(char, false, false)[0]!.file.includes('noto-sans-sc');
    const used = [...new Set([...text].filter((char) => inCjkParts(char) && !/\p{Script=Devanagari}/u.test(char)))].map((char) =>
      char.codePointAt(0)!,
    );
    expect(used).toEqual(expect.arrayContaining([...CJK, '→'].map((char) => char.codePointAt(0))));
    expect(font.characterSet.sort((a, b) => a - b)).toEqual(used.sort((a, b) => a - b));
    for (const code of used) {
      const part = fontkit.create(readFileSync(fontRuns(String.fromCodePoint(code), false, false)[0]!.file));
      const [glyph, original] = [font.glyphForCodePoint(code), part.glyphForCodePoint(code)];
      expect(glyph.id, String.fromCodePoint(code)).not.toBe(0);
      expect(glyph.advanceWidth).toBe(original.advanceWidth);
      expect(glyph.path.toSVG()).toBe(original.path.toSVG());
    }
    // The characters come from several parts of 30–50 KB each; the subset is a few KB.
    expect(new Set([...CJK].map((char) => fontRuns(char, false, false)[0]!.file)).size).toBeGreaterThan(3);
    expect(subset!.data.length).toBeLessThan(12_000);
  });

  it('unpacks a whole part to TrueType with every glyph, character and layout table of the bundled file', async () => {
    const [arabic] = await epubFonts('مرحبا');
    const original = fontkit.create(readFileSync(fontRuns('مرحبا', false, false)[0]!.file));
    const font = fontkit.create(arabic!.data);
    expect(arabic!.data.readUInt32BE(0)).toBe(0x00010000);
    expect(font.numGlyphs).toBe(original.numGlyphs);
    expect(font.characterSet).toEqual(original.characterSet);
    expect(Object.keys(font.directory.tables).sort()).toEqual(Object.keys(original.directory.tables).sort());
    expect(Object.keys(font.directory.tables)).toEqual(expect.arrayContaining(['GSUB', 'GPOS']));
  });

  it('lists each font in the manifest and declares it in the CSS, the parts before the reader’s serif; a Latin-only EPUB has none', async () => {
    const files = unzip(await renderEpub(bookOf(SCRIPTS), new Map()));
    const opf = files.get('OEBPS/content.opf')!.toString('utf8');
    const css = files.get('OEBPS/style.css')!.toString('utf8');
    const stored = [...files.keys()]
      .filter((name) => name.startsWith('OEBPS/fonts/') && name.endsWith('.ttf'))
      .map((name) => name.slice(6));
    expect(stored).toHaveLength(11);
    expect([...opf.matchAll(/href="(fonts\/[^"]+)" media-type="font\/ttf"/g)].map((match) => match[1]).sort()).toEqual(stored.sort());
    for (const file of stored) expect(css).toMatch(new RegExp(`@font-face \\{[^}]*src: url\\("${file}"\\)`));
    expect(css).toMatch(
      /@font-face \{ font-family: "noto-sans-greek"; font-weight: 700; font-style: italic;[^}]*unicode-range: U\+370-377,/,
    );
    expect(css).toContain(
      'body { font-family: "noto-sans-cyrillic", "noto-sans-greek", "noto-sans-arabic-arabic", "noto-sans-sc", serif; }',
    );

    const latin = unzip(await renderEpub(bookOf([LATIN, 'More English.']), new Map()));
    expect([...latin.keys()].filter((name) => name.includes('fonts/'))).toEqual([]);
    expect(latin.get('OEBPS/content.opf')!.toString('utf8')).not.toContain('font/');
    const latinCss = latin.get('OEBPS/style.css')!.toString('utf8');
    expect(latinCss).not.toContain('@font-face');
    expect(latinCss).toContain('body { font-family: serif; }');
  });
});

describe('fetchImages', async () => {
  const photo = await sharp({ create: { width: 1800, height: 900, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  // A small PNG whose header says 20,000 × 20,000 pixels (over a gigabyte decoded): refused before decoding.
  const bomb = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  bomb.writeUInt32BE(20_000, 16);
  bomb.writeUInt32BE(20_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/photo.png')) return void response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    if (request.url === '/bomb.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(bomb);
    if (request.url === '/garbage.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end('not an image');
    if (request.url === '/stall.png') return void response.writeHead(200, { 'content-type': 'image/png' }).write('\x89PNG'); // never ends
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  const at = (name: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${name}`;
  const policy = { userAgent: 'Tidings test', allowPrivateHosts: true };

  it('resizes what it can and drops the rest (missing, garbage, a decompression bomb, a stall) within its limits', async () => {
    const started = Date.now();
    const images = await fetchImages(['photo.png', 'missing.png', 'garbage.png', 'bomb.png', 'stall.png'].map(at), policy, {
      ...IMAGE_LIMITS,
      totalTimeoutMs: 1500,
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    const photoImage = images.get(at('photo.png'));
    expect(photoImage).toMatchObject({ width: 1000, height: 500 });
    expect((await sharp(photoImage!.data).metadata()).format).toBe('jpeg');
    for (const name of ['missing.png', 'garbage.png', 'bomb.png', 'stall.png']) expect(images.get(at(name))).toBeNull();
  }, 30_000);

  it('resizes one image at a time while it fetches several', async () => {
    const sources = Array.from({ length: 12 }, (_, index) => at(`photo.png?${index}`));
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, sharp.counters().process + sharp.counters().queue)), 1);
    const images = await fetchImages(sources, policy);
    clearInterval(watch);
    expect([...images.values()].every((image) => image?.width === 1000)).toBe(true);
    // Six fetches at once had six resizes queued or running together.
    expect(most).toBeLessThanOrEqual(1);
  }, 30_000);

  it('stops at the budget: images past the count are dropped without a request, and private hosts stay refused', async () => {
    const images = await fetchImages([at('photo.png'), at('photo.png?2')], policy, { ...IMAGE_LIMITS, budgetCount: 1 });
    expect(images.get(at('photo.png'))).not.toBeNull();
    expect(images.get(at('photo.png?2'))).toBeNull();
    const guarded = await fetchImages([at('photo.png')], { ...policy, allowPrivateHosts: false });
    expect(guarded.get(at('photo.png'))).toBeNull();
  }, 30_000);
});
