import { Document, Font, Image, Link, Page, StyleSheet, Text, View, renderToBuffer } from '@react-pdf/renderer';
import { createElement as h, type ReactElement, type ReactNode } from 'react';
import type { Block, Inline } from './blocks.ts';
import { bookText, describeArticle, type BookArticle, type ExportBook } from './book.ts';
import { allFontFaces, familiesFor, type FontFace } from './fonts.ts';
import type { EmbeddedImage } from './images.ts';
import { EXCERPT_NOTE, IMAGE_DROPPED_NOTE } from './notes.ts';

let registered = false;

/** Registers every bundled face once; react-pdf reads a file only when a document names its family. */
function registerFonts(): void {
  if (registered) return;
  registered = true;
  const byFamily = new Map<string, FontFace[]>();
  for (const face of allFontFaces()) byFamily.set(face.family, [...(byFamily.get(face.family) ?? []), face]);
  for (const [family, faces] of byFamily) {
    Font.register({
      family,
      fonts: faces.flatMap((face) => [
        { src: face.file, fontWeight: face.weight, fontStyle: 'normal' as const },
        { src: face.italicFile, fontWeight: face.weight, fontStyle: 'italic' as const },
      ]),
    });
  }
  // Words are not hyphenated: react-pdf's default hyphenation is English-only and breaks other languages oddly.
  Font.registerHyphenationCallback((word) => [word]);
}

/**
 * Loads the document's faces before rendering and gives each its own PostScript name. The parts of one script share
 * theirs ('NotoSans-Regular' for Latin, Cyrillic and Greek alike), and pdfkit, which reuses an embedded font by that
 * name only when the files match, would otherwise embed a new copy of every later part for every run of text.
 */
async function loadFonts(families: string[]): Promise<void> {
  for (const face of allFontFaces().filter((candidate) => families.includes(candidate.family))) {
    for (const fontStyle of ['normal', 'italic'] as const) {
      const source = Font.getFont({ fontFamily: face.family, fontWeight: face.weight, fontStyle });
      await source.load();
      const name = `${face.family}-${face.weight}-${fontStyle}`;
      if (source.data && source.data.postscriptName !== name) Object.defineProperty(source.data, 'postscriptName', { value: name });
    }
  }
}

const INK = '#1f2328';
const MUTED = '#59636e';
const ACCENT = '#0b5cad';
const LINE = '#d1d9e0';

const styles = StyleSheet.create({
  page: { paddingTop: 56, paddingBottom: 64, paddingHorizontal: 56, fontSize: 10.5, color: INK },
  cover: { paddingHorizontal: 64, paddingTop: 220, color: INK },
  coverTitle: { fontSize: 34, fontWeight: 700, marginBottom: 16 },
  coverLine: { fontSize: 14, color: MUTED, marginBottom: 6 },
  footer: { position: 'absolute', bottom: 28, left: 56, right: 56, fontSize: 8.5, color: MUTED, textAlign: 'center' },
  contentsTitle: { fontSize: 22, fontWeight: 700, marginBottom: 16 },
  contentsChapter: { fontSize: 12.5, fontWeight: 700, marginTop: 12, marginBottom: 4, color: INK, textDecoration: 'none' },
  contentsArticle: { fontSize: 10, marginLeft: 12, marginBottom: 3, color: INK, textDecoration: 'none' },
  contentsFeed: { color: MUTED },
  chapterTitle: { fontSize: 22, fontWeight: 700, marginBottom: 6 },
  chapterKeywords: { fontSize: 9.5, color: MUTED, marginBottom: 18 },
  article: { marginBottom: 24, paddingBottom: 16, borderBottomWidth: 1, borderBottomColor: LINE },
  articleTitle: { fontSize: 16, fontWeight: 700, marginBottom: 4, lineHeight: 1.3 },
  meta: { fontSize: 9, color: MUTED, marginBottom: 2 },
  original: { fontSize: 9, color: ACCENT, marginBottom: 10 },
  note: { fontSize: 9, color: MUTED, fontStyle: 'italic', marginVertical: 4 },
  paragraph: { marginBottom: 7, lineHeight: 1.5 },
  heading: { fontWeight: 700, marginTop: 8, marginBottom: 5, lineHeight: 1.3 },
  quote: { borderLeftWidth: 3, borderLeftColor: LINE, paddingLeft: 10, marginBottom: 7, color: MUTED },
  code: { backgroundColor: '#f3f4f6', padding: 8, fontSize: 8.5, marginBottom: 7, lineHeight: 1.35 },
  inlineCode: { color: '#6e3b00' },
  listItem: { flexDirection: 'row', marginBottom: 3, lineHeight: 1.5 },
  bullet: { width: 16 },
  listBody: { flex: 1 },
  image: { marginVertical: 6, objectFit: 'contain' },
  rule: { borderBottomWidth: 1, borderBottomColor: LINE, marginVertical: 8 },
  link: { color: ACCENT, textDecoration: 'none' },
});

const HEADING_SIZES = [0, 15, 13.5, 12.5, 11.5, 11, 10.5];
/** The text column: A4 width less the margins, in points. */
const COLUMN_WIDTH = 595.28 - 2 * 56;

/** The book as a PDF: cover (count, date range), contents by topic (linked), then each chapter and its articles. */
export async function renderPdf(book: ExportBook, images: Map<string, EmbeddedImage | null>): Promise<Buffer> {
  registerFonts();
  const fontFamily = familiesFor(bookText(book));
  await loadFonts(fontFamily);
  const page = (key: string, children: ReactNode, extra: object = {}) =>
    h(Page, { key, size: 'A4', style: [styles.page, { fontFamily }], ...extra }, children, footer());
  const document = h(
    Document,
    { title: book.title, author: 'Tidings', creator: 'Tidings', producer: 'Tidings', language: 'en' },
    h(Page, { key: 'cover', size: 'A4', style: [styles.cover, { fontFamily }] }, cover(book)),
    page('contents', contents(book), { bookmark: { title: 'Contents' } }),
    ...book.chapters.map((chapter, index) =>
      page(`chapter-${index}`, [
        h(Text, { key: 'title', id: chapter.anchor, style: styles.chapterTitle, ...bookmark(chapter.title) }, chapter.title),
        chapter.subtitle ? h(Text, { key: 'keywords', style: styles.chapterKeywords }, chapter.subtitle) : null,
        ...chapter.blocks.map((block, at) => blockView(block, `digest.${at}`, images)),
        ...chapter.articles.map((article) => articleView(article, images)),
      ]),
    ),
  );
  return renderToBuffer(document as Parameters<typeof renderToBuffer>[0]);
}

/** An entry of the PDF's outline; react-pdf reads `bookmark` on any element, its types declare it only on Page. */
function bookmark(title: string): object {
  return { bookmark: { title, fit: false, expanded: false } };
}

function footer(): ReactElement {
  return h(Text, { style: styles.footer, fixed: true, render: ({ pageNumber }: { pageNumber: number }) => `${pageNumber}` });
}

function cover(book: ExportBook): ReactNode {
  return [
    h(Text, { key: 'title', style: styles.coverTitle }, book.title),
    h(Text, { key: 'count', style: styles.coverLine }, book.countLine),
    h(Text, { key: 'range', style: styles.coverLine }, book.rangeLine),
    h(Text, { key: 'sources', style: styles.coverLine }, book.sourcesLine),
  ];
}

function contents(book: ExportBook): ReactNode {
  return [
    h(Text, { key: 'title', style: styles.contentsTitle }, 'Contents'),
    ...book.chapters.flatMap((chapter, index) => [
      h(Link, { key: `c${index}`, src: `#${chapter.anchor}`, style: styles.contentsChapter }, chapter.title),
      ...chapter.articles.map((article) =>
        h(
          Link,
          { key: article.anchor, src: `#${article.anchor}`, style: styles.contentsArticle },
          h(Text, null, article.title, h(Text, { style: styles.contentsFeed }, ` · ${article.feedTitle}`)),
        ),
      ),
    ]),
  ];
}

function articleView(article: BookArticle, images: Map<string, EmbeddedImage | null>): ReactElement {
  return h(
    View,
    { key: article.anchor, style: styles.article },
    h(Text, { id: article.anchor, style: styles.articleTitle, minPresenceAhead: 60, ...bookmark(article.title) }, article.title),
    h(Text, { style: styles.meta }, describeArticle(article)),
    article.url ? h(Link, { src: article.url, style: styles.original }, `Read the original: ${article.url}`) : null,
    article.excerptOnly ? h(Text, { style: styles.note }, EXCERPT_NOTE) : null,
    ...article.blocks.map((block, index) => blockView(block, `${index}`, images)),
  );
}

function blockView(block: Block, key: string, images: Map<string, EmbeddedImage | null>): ReactElement | null {
  switch (block.kind) {
    case 'heading':
      return h(Text, { key, style: [styles.heading, { fontSize: HEADING_SIZES[block.level] }] }, inlineViews(block.inlines));
    case 'paragraph':
      return h(Text, { key, style: styles.paragraph }, inlineViews(block.inlines));
    case 'quote':
      return h(
        View,
        { key, style: styles.quote },
        block.blocks.map((inner, index) => blockView(inner, `${key}.${index}`, images)),
      );
    case 'code':
      return h(Text, { key, style: styles.code }, block.text);
    case 'rule':
      return h(View, { key, style: styles.rule });
    case 'list':
      return h(
        View,
        { key },
        block.items.map((item, index) =>
          h(
            View,
            { key: `${key}.${index}`, style: styles.listItem, wrap: true },
            h(Text, { style: styles.bullet }, block.ordered ? `${index + 1}.` : '•'),
            h(
              View,
              { style: styles.listBody },
              item.map((inner, at) => blockView(inner, `${key}.${index}.${at}`, images)),
            ),
          ),
        ),
      );
    case 'image': {
      const image = images.get(block.src);
      if (!image) return h(Text, { key, style: styles.note }, IMAGE_DROPPED_NOTE);
      // At most the column's width and 60% of a page's height, keeping the image's proportions.
      const scale = Math.min(1, COLUMN_WIDTH / image.width, 430 / image.height);
      return h(Image, {
        key,
        src: { data: image.data, format: 'jpg' },
        style: [styles.image, { width: image.width * scale, height: image.height * scale }],
      });
    }
  }
}

function inlineViews(given: Inline[]): ReactNode[] {
  // react-pdf drops a paragraph's last run when it is a lone mark after a styled run ('the report' + '.'): the mark
  // joins the run before it.
  const last = given.at(-1);
  const inlines =
    given.length > 1 && last && /^\W{1,2}$/.test(last.text)
      ? [...given.slice(0, -2), { ...given.at(-2)!, text: given.at(-2)!.text + last.text }]
      : given;
  return inlines.map((run, index) => {
    const style = [
      run.bold ? { fontWeight: 700 } : {},
      run.italic ? { fontStyle: 'italic' as const } : {},
      run.code ? styles.inlineCode : {},
      run.href ? styles.link : {},
    ];
    return run.href ? h(Link, { key: index, src: run.href, style }, run.text) : h(Text, { key: index, style }, run.text);
  });
}
