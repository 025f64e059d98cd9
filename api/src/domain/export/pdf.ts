import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { blocksText, type Block, type Inline } from './blocks.ts';
import { describeArticle, type BookArticle, type BookChapter, type ExportBook } from './book.ts';
import { fontRuns, truetype } from './fonts.ts';
import type { EmbeddedImage } from './images.ts';
import { EXCERPT_NOTE, IMAGE_DROPPED_NOTE } from './notes.ts';

type Images = Map<string, EmbeddedImage | null>;
/** The bundled parts as TrueType, by file, for the rehearsal and the real layout. */
type Fonts = Map<string, Buffer>;
/** The page (from 1) each chapter and article starts on, by anchor. */
type PageNumbers = Map<string, number>;

/**
 * The book as a PDF: cover (count, date range), contents by topic (linked, with page numbers, and an outline), then
 * each chapter and its articles. pdfkit writes each page out as soon as the next one starts, and the layout pauses
 * after each article until the file has caught up, so memory stays flat however long the book is. The contents need
 * the pages that follow it: the book is laid out twice, first as a rehearsal that draws nothing, to learn where each
 * chapter and article starts, then for real into a file.
 */
export async function renderPdf(book: ExportBook, images: Images): Promise<Buffer> {
  const pages: PageNumbers = new Map();
  const fonts: Fonts = new Map();
  const rehearsal = newDocument(book, false);
  rehearsal.resume();
  // The rehearsal breaks lines and pages exactly as the real layout does (pdfkit's own line wrapper) but sets no
  // glyphs: the step that encodes and writes a line (`_fragment`, which moves nothing) does nothing here.
  Object.assign(rehearsal, { _fragment() {} });
  await new PdfLayout(rehearsal, images, fonts, pages, null).book(book, yieldToEventLoop);

  const folder = await mkdtemp(path.join(os.tmpdir(), 'tidings-pdf-'));
  try {
    const file = path.join(folder, 'export.pdf');
    const doc = newDocument(book, true);
    const output = doc.pipe(createWriteStream(file));
    await new PdfLayout(doc, images, fonts, new Map(), pages).book(book, () => caughtUp(doc, output));
    doc.end();
    await finished(output);
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** How much laid-out PDF may wait in memory for the file before the layout pauses. */
const UNWRITTEN_BYTES = 4 * 1024 * 1024;

/** Waits until the file has taken all but UNWRITTEN_BYTES of what pdfkit (which writes synchronously) has produced. */
async function caughtUp(doc: PDFKit.PDFDocument, output: WriteStream): Promise<void> {
  await yieldToEventLoop();
  while (doc.readableLength + output.writableLength > UNWRITTEN_BYTES) {
    if (output.errored) throw output.errored;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Lets the worker's other work (its heartbeat, other jobs' I/O) run between articles. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGINS = { top: 56, bottom: 64, left: 56, right: 56 };
const COLUMN = PAGE.width - MARGINS.left - MARGINS.right;
const BOTTOM = PAGE.height - MARGINS.bottom;

const INK = '#1f2328';
const MUTED = '#59636e';
const ACCENT = '#0b5cad';
const LINE = '#d1d9e0';
const CODE_BACKGROUND = '#f3f4f6';
const CODE_INK = '#6e3b00';

const BODY_SIZE = 10.5;
const HEADING_SIZES = [0, 15, 13.5, 12.5, 11.5, 11, 10.5];
/** Images are at most the column's width and about half a page's height. */
const IMAGE_MAX_HEIGHT = 430;
/** Room kept for the contents' page numbers, right of the entries. */
const PAGE_NUMBER_WIDTH = 36;
const LATIN = fontRuns('a', false, false)[0]!.file;
/** Code is set in Courier (a standard PDF font, nothing to embed) when Courier has its characters. */
const MONOSPACE = 'Courier';
/** What pdfkit keeps of the paragraph it is setting (its own fields), for the footer to put back. */
const PARAGRAPH_STATE = ['x', 'y', '_font', '_fontSize', '_fillColor', '_wrapper', '_textOptions'] as const;
const RIGHT_TO_LEFT = /^[^\p{L}]*[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

function newDocument(book: ExportBook, compress: boolean): PDFKit.PDFDocument {
  return new PDFDocument({
    size: 'A4',
    compress,
    margins: MARGINS,
    autoFirstPage: false,
    displayTitle: true,
    lang: 'en',
    info: { Title: book.title, Author: 'Tidings', Creator: 'Tidings', Producer: 'Tidings' },
  });
}

/** A run of text as the layout sets it: an Inline, perhaps in a colour of its own. */
type Piece = Inline & { color?: string };

type TextStyle = {
  size: number;
  /** Space after the text, in points. */
  after: number;
  indent?: number;
  width?: number;
  color?: string;
  bold?: boolean;
  italic?: boolean;
  lineGap?: number;
  font?: string;
};

class PdfLayout {
  private chapterOutline: PDFKit.PDFOutline | null = null;
  private readonly registered = new Set<string>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly images: Images,
    private readonly fonts: Fonts,
    private readonly found: PageNumbers,
    private readonly known: PageNumbers | null,
  ) {
    doc.on('pageAdded', () => this.footer());
  }

  /** Lays the book out, calling `pause` after each article. */
  async book(book: ExportBook, pause: () => Promise<void>): Promise<void> {
    this.cover(book);
    this.contents(book);
    for (const chapter of book.chapters) {
      this.chapter(chapter);
      for (const article of chapter.articles) {
        this.article(article);
        await pause();
      }
    }
  }

  /** A rehearsal lays out without drawing images: it only learns the pages. */
  private get rehearsing(): boolean {
    return this.known === null;
  }

  private get pageNumber(): number {
    const { start, count } = this.doc.bufferedPageRange();
    return start + count;
  }

  private cover(book: ExportBook): void {
    this.doc.addPage();
    this.doc
      .save()
      .rect(MARGINS.left + 8, 196, 56, 5)
      .fill(ACCENT)
      .restore();
    this.doc.y = 220;
    this.write([{ text: book.title }], { size: 34, bold: true, after: 16, indent: 8 });
    for (const line of [book.countLine, book.rangeLine, book.sourcesLine])
      this.write([{ text: line }], { size: 14, color: MUTED, after: 6, indent: 8 });
  }

  private contents(book: ExportBook): void {
    this.doc.addPage();
    this.doc.outline.addItem('Contents');
    this.write([{ text: 'Contents' }], { size: 22, bold: true, after: 10 });
    for (const chapter of book.chapters) {
      this.doc.y += 8;
      this.entry([{ text: chapter.title, bold: true }], chapter.anchor, { size: 12.5, after: 4 });
      for (const article of chapter.articles)
        this.entry([{ text: article.title }, { text: ` · ${article.feedTitle}`, color: MUTED }], article.anchor, {
          size: 10,
          after: 3,
          indent: 12,
        });
    }
  }

  /** A contents line: a link to `anchor` with its page number on the right. */
  private entry(pieces: Piece[], anchor: string, style: TextStyle): void {
    const doc = this.doc;
    const indent = style.indent ?? 0;
    this.keepSpace(style.size * 2.8);
    const top = doc.y;
    this.write(pieces, { ...style, width: COLUMN - indent - PAGE_NUMBER_WIDTH, after: 0 });
    const bottom = doc.y;
    const number = String(this.known?.get(anchor) ?? '');
    this.font(LATIN).fontSize(style.size).fillColor(MUTED);
    doc.text(number, MARGINS.left + COLUMN - doc.widthOfString(number), top, { lineBreak: false });
    doc.goTo(MARGINS.left + indent, top, COLUMN - indent, bottom - top, anchor);
    doc.x = MARGINS.left;
    doc.y = bottom + style.after;
  }

  private chapter(chapter: BookChapter): void {
    this.doc.addPage();
    this.anchor(chapter.anchor);
    this.chapterOutline = this.doc.outline.addItem(chapter.title);
    this.write([{ text: chapter.title }], { size: 22, bold: true, after: 6 });
    if (chapter.subtitle) this.write([{ text: chapter.subtitle }], { size: 9.5, color: MUTED, after: 18 });
    this.blocks(chapter.blocks, 0);
  }

  private article(article: BookArticle): void {
    const doc = this.doc;
    // The title, its lines about the article and a few lines of text start on the same page.
    this.keepSpace(140);
    this.anchor(article.anchor);
    this.chapterOutline?.addItem(article.title);
    this.write([{ text: article.title }], { size: 16, bold: true, after: 4, lineGap: 1 });
    this.write([{ text: describeArticle(article) }], { size: 9, color: MUTED, after: 2 });
    if (article.url)
      this.write([{ text: `Read the original: ${article.url}`, href: article.url }], { size: 9, after: article.excerptOnly ? 4 : 10 });
    if (article.excerptOnly) this.write([{ text: EXCERPT_NOTE }], { size: 9, italic: true, color: MUTED, after: 10 });
    this.blocks(article.blocks, 0);
    doc.y += 6;
    if (doc.y < BOTTOM - 24) {
      this.rule(doc.y);
      doc.y += 18;
    }
  }

  /** A destination for the contents' links, and the page it is on. */
  private anchor(name: string): void {
    this.doc.addNamedDestination(name, 'XYZ', MARGINS.left, this.doc.y, null);
    this.found.set(name, this.pageNumber);
  }

  private blocks(blocks: Block[], indent: number, after = 7): void {
    for (const block of blocks) this.block(block, indent, after);
  }

  private block(block: Block, indent: number, after: number): void {
    const doc = this.doc;
    switch (block.kind) {
      case 'heading': {
        const size = HEADING_SIZES[block.level]!;
        doc.y += 6;
        // A heading keeps a few lines of its section with it.
        this.keepSpace(size * 1.5 + 50);
        return this.write(block.inlines, { size, bold: true, indent, after: 5, lineGap: 1 });
      }
      case 'paragraph':
        return this.write(block.inlines, { size: BODY_SIZE, indent, after, lineGap: 3.5 });
      case 'quote':
        return this.quote(block.blocks, indent);
      case 'code':
        return this.code(block.text, indent);
      case 'rule':
        this.keepSpace(16);
        this.rule(doc.y + 6);
        doc.y += 14;
        return;
      case 'list':
        return this.list(block, indent);
      case 'image':
        return this.image(block.src, indent);
    }
  }

  private quote(blocks: Block[], indent: number): void {
    const doc = this.doc;
    // A quote shorter than a page is kept on one page, so its bar is one line beside it.
    const height = this.estimateHeight(blocksText(blocks), BODY_SIZE, COLUMN - indent - 13);
    if (height < BOTTOM - MARGINS.top) this.keepSpace(height);
    const top = doc.y;
    const page = this.pageNumber;
    this.blocks(blocks, indent + 13, 4);
    if (this.pageNumber === page) {
      doc
        .save()
        .moveTo(MARGINS.left + indent + 1.5, top)
        .lineTo(MARGINS.left + indent + 1.5, doc.y - 2)
        .lineWidth(3)
        .strokeColor(LINE)
        .stroke()
        .restore();
    }
    doc.y += 5;
  }

  /** Code on a grey ground, line by line so a long listing breaks across pages like text. */
  private code(text: string, indent: number): void {
    const doc = this.doc;
    const font = /^[\x20-\x7e\xa0-\xff\n\t]*$/.test(text) ? MONOSPACE : undefined;
    const x = MARGINS.left + indent;
    const width = COLUMN - indent;
    const size = 8.5;
    const band = (height: number) => {
      this.keepSpace(height);
      doc.save().rect(x, doc.y, width, height).fill(CODE_BACKGROUND).restore();
    };
    band(6);
    doc.y += 6;
    for (const line of text.replace(/\t/g, '    ').split('\n')) {
      this.font(font ?? LATIN).fontSize(size);
      const height = doc.heightOfString(line || ' ', { width: width - 16, lineGap: 2 });
      band(height);
      this.write([{ text: line || ' ' }], { size, indent: indent + 8, width: width - 16, after: 0, lineGap: 2, font, color: INK });
    }
    band(6);
    doc.y += 6 + 7;
  }

  private list(block: Extract<Block, { kind: 'list' }>, indent: number): void {
    const doc = this.doc;
    block.items.forEach((item, index) => {
      this.keepSpace(BODY_SIZE * 2);
      const top = doc.y;
      const marker = block.ordered ? `${index + 1}.` : '•';
      this.font(LATIN).fontSize(BODY_SIZE).fillColor(INK);
      doc.text(marker, MARGINS.left + indent + 2, top, { lineBreak: false });
      doc.x = MARGINS.left;
      doc.y = top;
      this.blocks(item, indent + 16, 3);
    });
    doc.y += 4;
  }

  private image(src: string, indent: number): void {
    const doc = this.doc;
    const image = this.images.get(src);
    if (!image) return this.write([{ text: IMAGE_DROPPED_NOTE }], { size: 9, italic: true, color: MUTED, indent, after: 7 });
    const scale = Math.min(1, (COLUMN - indent) / image.width, IMAGE_MAX_HEIGHT / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    this.keepSpace(height + 12);
    if (!this.rehearsing) doc.image(image.data, MARGINS.left + indent, doc.y + 4, { width, height });
    doc.x = MARGINS.left;
    doc.y += height + 12;
  }

  private rule(y: number): void {
    this.doc
      .save()
      .moveTo(MARGINS.left, y)
      .lineTo(MARGINS.left + COLUMN, y)
      .lineWidth(0.75)
      .strokeColor(LINE)
      .stroke()
      .restore();
  }

  /**
   * Sets runs of text as one flowing paragraph, each run in the bundled face that holds its characters. A paragraph
   * in a right-to-left script alone is aligned right.
   */
  private write(pieces: Piece[], style: TextStyle): void {
    const doc = this.doc;
    const indent = style.indent ?? 0;
    const parts = pieces.flatMap((piece) =>
      (style.font
        ? [{ file: style.font, text: piece.text }]
        : fontRuns(piece.text, !!(piece.bold || style.bold), !!(piece.italic || style.italic))
      ).map((part) => ({ ...part, piece })),
    );
    if (parts.length === 0) return;
    // pdfkit aligns each run of a line on its own, so only a paragraph set in one run can be aligned right.
    const rightToLeft = parts.length === 1 && RIGHT_TO_LEFT.test(parts[0]!.text);
    parts.forEach(({ file, text, piece }, index) => {
      this.font(file)
        .fontSize(style.size)
        .fillColor(piece.color ?? (piece.href ? ACCENT : piece.code ? CODE_INK : (style.color ?? INK)));
      const options = {
        continued: index < parts.length - 1,
        link: piece.href ?? null,
        lineGap: style.lineGap ?? 1.5,
        align: rightToLeft ? ('right' as const) : ('left' as const),
        // Features make pdfkit shape a line as a whole rather than word by word, which a right-to-left script needs
        // for its words to come out in order.
        features: RIGHT_TO_LEFT.test(text) ? [] : undefined,
      };
      if (index === 0) doc.text(text, MARGINS.left + indent, doc.y, { ...options, width: style.width ?? COLUMN - indent });
      else doc.text(text, options);
    });
    doc.x = MARGINS.left;
    doc.y += style.after;
  }

  /**
   * Makes `file` (a bundled part, or Courier) the current font. A part goes to pdfkit as TrueType unpacked from its
   * WOFF: fontkit misreads the character map of one bundled WOFF (a CJK part whose range also takes ❤), and any text
   * with one of its characters failed the export.
   */
  private font(file: string): PDFKit.PDFDocument {
    if (file !== MONOSPACE && !this.registered.has(file)) {
      let data = this.fonts.get(file);
      if (!data) this.fonts.set(file, (data = truetype(file)));
      this.doc.registerFont(file, data);
      this.registered.add(file);
    }
    return this.doc.font(file);
  }

  /** Starts a new page unless `height` points fit below the current position. */
  private keepSpace(height: number): void {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  private estimateHeight(text: string, size: number, width: number): number {
    return this.font(LATIN).fontSize(size).heightOfString(text, { width, lineGap: 3.5 });
  }

  /**
   * The page number at the foot of every page but the cover. pdfkit announces a new page in the middle of setting a
   * paragraph, so the paragraph's state (position, font, colour, the run it is continuing) is put aside and restored:
   * pdfkit's line wrapper sets the saved colour again on the new page.
   */
  private footer(): void {
    const number = this.pageNumber;
    if (number === 1) return;
    const doc = this.doc;
    const state = doc as unknown as Record<(typeof PARAGRAPH_STATE)[number], unknown>;
    const saved = Object.fromEntries(PARAGRAPH_STATE.map((key) => [key, state[key]]));
    state._wrapper = null;
    state._textOptions = null;
    doc.save();
    this.font(LATIN).fontSize(8.5).fillColor(MUTED);
    const label = String(number);
    doc.text(label, (PAGE.width - doc.widthOfString(label)) / 2, PAGE.height - 40, { lineBreak: false });
    doc.restore();
    Object.assign(state, saved);
  }
}
