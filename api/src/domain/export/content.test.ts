import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { sanitiseHtml } from '../../feeds/sanitise.ts';
import { digestChapter } from './book.ts';
import { htmlToBlocks, imageSources } from './blocks.ts';
import { fontRuns } from './fonts.ts';
import { fetchImages, IMAGE_LIMITS } from './images.ts';

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
    if (request.url === '/photo.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
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

  it('stops at the budget: images past the count are dropped without a request, and private hosts stay refused', async () => {
    const images = await fetchImages([at('photo.png'), at('photo.png?2')], policy, { ...IMAGE_LIMITS, budgetCount: 1 });
    expect(images.get(at('photo.png'))).not.toBeNull();
    expect(images.get(at('photo.png?2'))).toBeNull();
    const guarded = await fetchImages([at('photo.png')], { ...policy, allowPrivateHosts: false });
    expect(guarded.get(at('photo.png'))).toBeNull();
  }, 30_000);
});
