import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EPub, type Chapter } from 'epub-gen-memory';
import { xmlChars, xmlText } from '../core/markup.ts';
import type { Block, Inline } from './blocks.ts';
import { bookText, describeArticle, type BookArticle, type BookChapter, type ExportBook } from './book.ts';
import { epubFonts, type EpubFont } from './fonts.ts';
import type { EmbeddedImage } from './images.ts';
import { EXCERPT_NOTE, IMAGE_DROPPED_NOTE } from './notes.ts';

const CSS = `
body { line-height: 1.5; }
h1 { font-size: 1.6em; margin: 0 0 0.3em; }
h2.article { font-size: 1.3em; margin: 1.6em 0 0.2em; }
p.meta, p.keywords, p.note, p.cover-line { color: #59636e; font-size: 0.85em; margin: 0.2em 0; }
p.note { font-style: italic; }
blockquote { border-left: 3px solid #d1d9e0; margin-left: 0; padding-left: 0.8em; color: #444; }
pre { white-space: pre-wrap; font-size: 0.8em; background: #f3f4f6; padding: 0.6em; }
img { max-width: 100%; height: auto; }
ol.contents, ol.contents ol { list-style: none; padding-left: 1em; }
.cover { text-align: center; margin-top: 30%; }
`;

/**
 * The book as an EPUB 3: a cover chapter (count, date range), a contents chapter by topic linking to each article,
 * then one chapter per topic. All markup is written here from the blocks (escaped), and every image is one this
 * export fetched and resized, handed over as a temporary file: the EPUB library fetches nothing from the web. The
 * fonts for the scripts besides Latin that the book uses go in too (epubFonts).
 */
export async function renderEpub(book: ExportBook, images: Map<string, EmbeddedImage | null>): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tidings-epub-'));
  try {
    const files = new Map<string, string>();
    let count = 0;
    for (const [src, image] of images) {
      if (!image) continue;
      const file = path.join(folder, `image-${++count}.jpg`);
      await writeFile(file, image.data);
      files.set(src, pathToFileURL(file).href);
    }
    const fonts = await epubFonts(bookText(book));
    for (const font of fonts) await writeFile(path.join(folder, font.fileName), font.data);
    const chapterFile = (index: number) => `chapter-${index + 1}.xhtml`;
    const content: Chapter[] = [
      { title: 'Cover', filename: 'cover.xhtml', beforeToc: true, excludeFromToc: true, content: coverHtml(book) },
      { title: 'Contents', filename: 'contents.xhtml', beforeToc: true, excludeFromToc: true, content: contentsHtml(book, chapterFile) },
      ...book.chapters.map((chapter, index) => ({
        // The library's templates escape a title, but keep what XML forbids.
        title: xmlChars(chapter.title),
        filename: chapterFile(index),
        content: chapterHtml(chapter, files),
      })),
    ];
    const epub = new EPub(
      {
        title: book.title,
        author: 'Tidings',
        publisher: 'Tidings',
        description: `${book.countLine}, ${book.rangeLine}`,
        tocTitle: 'Chapters',
        numberChaptersInTOC: false,
        prependChapterTitles: false,
        css: fontsCss(fonts) + CSS,
        fonts: fonts.map((font) => ({ filename: font.fileName, url: pathToFileURL(path.join(folder, font.fileName)).href })),
        lang: 'en',
        version: 3,
        ignoreFailedDownloads: false,
        verbose: false,
      },
      content,
    );
    // genEpub renders the book itself: a render() before it read every image and font a second time.
    return (await epub.genEpub()) as Buffer;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The fonts' faces, and the font lists that use them: the book's parts first, then the reader's serif (or
 * monospace) for everything else. Each part is a family of its own limited by its unicode-range to its script, so
 * Latin text reads in the reader's serif as before, and a reader that ignores unicode-range still finds in a part
 * no character but its own (and spaces). The reader's font cannot come first: Chromium then sets a run of Han
 * characters in the serif font even where it has none of them (boxes), never reaching the next family.
 */
function fontsCss(fonts: EpubFont[]): string {
  const faces = fonts.map((font) =>
    [
      `@font-face { font-family: "${font.family}"; font-weight: ${font.weight}; font-style: ${font.italic ? 'italic' : 'normal'};`,
      ` src: url("fonts/${font.fileName}") format("truetype");`,
      font.ranges
        ? ` unicode-range: ${font.ranges.map(([from, to]) => `U+${hex(from)}${to === from ? '' : `-${hex(to)}`}`).join(', ')};`
        : '',
      ' }\n',
    ].join(''),
  );
  const families = [...new Set(fonts.map((font) => `"${font.family}"`))];
  if (families.length === 0) return 'body { font-family: serif; }\n';
  return [
    ...faces,
    `body { font-family: ${[...families, 'serif'].join(', ')}; }\n`,
    `pre, code { font-family: ${[...families, 'monospace'].join(', ')}; }\n`,
  ].join('');
}

const hex = (code: number) => code.toString(16).toUpperCase();

function coverHtml(book: ExportBook): string {
  return `<div class="cover"><h1>${xmlText(book.title)}</h1>${[book.countLine, book.rangeLine, book.sourcesLine]
    .map((line) => `<p class="cover-line">${xmlText(line)}</p>`)
    .join('')}</div>`;
}

function contentsHtml(book: ExportBook, chapterFile: (index: number) => string): string {
  const items = book.chapters.map((chapter, index) => {
    const articles = chapter.articles
      .map(
        (article) =>
          `<li><a href="${chapterFile(index)}#${article.anchor}">${xmlText(article.title)}</a> <span class="meta">· ${xmlText(article.feedTitle)}</span></li>`,
      )
      .join('');
    return `<li><a href="${chapterFile(index)}">${xmlText(chapter.title)}</a>${articles ? `<ol>${articles}</ol>` : ''}</li>`;
  });
  return `<h1>Contents</h1><ol class="contents">${items.join('')}</ol>`;
}

function chapterHtml(chapter: BookChapter, files: Map<string, string>): string {
  return [
    `<h1>${xmlText(chapter.title)}</h1>`,
    chapter.subtitle ? `<p class="keywords">${xmlText(chapter.subtitle)}</p>` : '',
    blocksHtml(chapter.blocks, files),
    ...chapter.articles.map((article) => articleHtml(article, files)),
  ].join('');
}

function articleHtml(article: BookArticle, files: Map<string, string>): string {
  return [
    `<h2 class="article" id="${article.anchor}">${xmlText(article.title)}</h2>`,
    `<p class="meta">${xmlText(describeArticle(article))}</p>`,
    article.url ? `<p class="meta"><a href="${xmlText(article.url)}">Read the original</a></p>` : '',
    article.excerptOnly ? `<p class="note">${xmlText(EXCERPT_NOTE)}</p>` : '',
    blocksHtml(article.blocks, files, 2),
  ].join('');
}

/** The blocks as XHTML; each paragraph and heading takes its direction from its text (Arabic runs right to left). */
function blocksHtml(blocks: Block[], files: Map<string, string>, headingShift = 1): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading': {
          const level = Math.min(6, block.level + headingShift);
          return `<h${level} dir="auto">${inlinesHtml(block.inlines)}</h${level}>`;
        }
        case 'paragraph':
          return `<p dir="auto">${inlinesHtml(block.inlines)}</p>`;
        case 'quote':
          return `<blockquote>${blocksHtml(block.blocks, files, headingShift)}</blockquote>`;
        case 'code':
          return `<pre><code>${xmlText(block.text)}</code></pre>`;
        case 'rule':
          return '<hr/>';
        case 'list': {
          const tag = block.ordered ? 'ol' : 'ul';
          return `<${tag}>${block.items.map((item) => `<li>${blocksHtml(item, files, headingShift)}</li>`).join('')}</${tag}>`;
        }
        case 'image': {
          const file = files.get(block.src);
          return file
            ? `<p><img src="${xmlText(file)}" alt="${xmlText(block.alt || 'Image')}"/></p>`
            : `<p class="note">${xmlText(IMAGE_DROPPED_NOTE)}</p>`;
        }
      }
    })
    .join('');
}

function inlinesHtml(inlines: Inline[]): string {
  return inlines
    .map((run) => {
      if (run.text === '\n') return '<br/>';
      let html = xmlText(run.text);
      if (run.code) html = `<code>${html}</code>`;
      if (run.italic) html = `<em>${html}</em>`;
      if (run.bold) html = `<strong>${html}</strong>`;
      if (run.href) html = `<a href="${xmlText(run.href)}">${html}</a>`;
      return html;
    })
    .join('');
}
