import { parseDocument } from 'htmlparser2';
import { collapseWhitespace, safeHttpUrl } from '../../ingest/sanitise.ts';

/** A run of text with its inline styles; `href` makes it a link. */
export type Inline = { text: string; bold?: boolean; italic?: boolean; code?: boolean; href?: string };

/**
 * An article's content as the renderers see it: a few block kinds that both a PDF and an EPUB can show well, read
 * from the feed engine's sanitised HTML. Whatever the HTML holds beyond these (tables, embeds, forms) is flattened
 * to paragraphs or a link, so neither renderer ever sees markup it was not written for.
 */
export type Block =
  | { kind: 'heading'; level: number; inlines: Inline[] }
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Block[][] }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'code'; text: string }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'rule' };

type Node = { type: string; name?: string; data?: string; attribs?: Record<string, string>; children?: Node[] };
type Style = Omit<Inline, 'text'>;

const CONTAINERS = new Set(
  'p div section article header footer main aside figure figcaption dl dt dd table thead tbody tfoot tr td th caption details summary address center'.split(
    ' ',
  ),
);
const SKIPPED = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'audio',
  'video',
  'svg',
  'math',
  'button',
  'form',
  'select',
  'textarea',
]);

/** The blocks of sanitised HTML (sanitiseHtml): every image and link an absolute http(s) URL or left out. */
export function htmlToBlocks(html: string): Block[] {
  return new BlockReader().read((parseDocument(html, { decodeEntities: true }) as unknown as Node).children ?? []);
}

class BlockReader {
  private blocks: Block[] = [];
  private inlines: Inline[] = [];

  read(nodes: Node[]): Block[] {
    for (const node of nodes) this.visit(node, {});
    this.flush();
    return this.blocks;
  }

  private visit(node: Node, style: Style): void {
    if (node.type === 'text') return void this.inlines.push({ ...style, text: node.data ?? '' });
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return;
    const name = node.name!;
    const children = node.children ?? [];
    const attribs = node.attribs ?? {};
    if (SKIPPED.has(name)) return;
    if (/^h[1-6]$/.test(name)) return this.block({ kind: 'heading', level: Number(name[1]), inlines: inlinesOf(children, style) });
    if (name === 'ul' || name === 'ol') {
      const items = children.filter((child) => child.name === 'li').map((item) => new BlockReader().read(item.children ?? []));
      return this.block({ kind: 'list', ordered: name === 'ol', items: items.filter((item) => item.length > 0) });
    }
    if (name === 'blockquote') return this.block({ kind: 'quote', blocks: new BlockReader().read(children) });
    if (name === 'pre') return this.block({ kind: 'code', text: textOf(children).replace(/^\n|\s+$/g, '') });
    if (name === 'hr') return this.block({ kind: 'rule' });
    if (name === 'img') {
      const src = safeHttpUrl(attribs.src, null);
      return src ? this.block({ kind: 'image', src, alt: collapseWhitespace(attribs.alt ?? '') }) : undefined;
    }
    if (name === 'iframe') {
      const src = safeHttpUrl(attribs.src, null);
      return src ? this.block({ kind: 'paragraph', inlines: [{ text: 'Embedded media', href: src, italic: true }] }) : undefined;
    }
    if (name === 'br') return void this.inlines.push({ ...style, text: '\n' });
    if (CONTAINERS.has(name) || name === 'li') {
      this.flush();
      for (const child of children) this.visit(child, style);
      return this.flush();
    }
    const inner = inlineStyle(name, attribs, style);
    for (const child of children) this.visit(child, inner);
  }

  private block(block: Block): void {
    this.flush();
    if (block.kind === 'heading' && block.inlines.length === 0) return;
    if (block.kind === 'code' && !block.text) return;
    this.blocks.push(block);
  }

  private flush(): void {
    const inlines = tidy(this.inlines);
    this.inlines = [];
    if (inlines.length > 0) this.blocks.push({ kind: 'paragraph', inlines });
  }
}

function inlineStyle(name: string, attribs: Record<string, string>, style: Style): Style {
  if (name === 'strong' || name === 'b') return { ...style, bold: true };
  if (name === 'em' || name === 'i' || name === 'cite') return { ...style, italic: true };
  if (name === 'code' || name === 'kbd' || name === 'samp') return { ...style, code: true };
  if (name === 'a') {
    const href = safeHttpUrl(attribs.href, null);
    return href ? { ...style, href } : style;
  }
  return style;
}

/** The inline runs inside a heading: nested images and blocks are read as their text. */
function inlinesOf(nodes: Node[], style: Style): Inline[] {
  const runs: Inline[] = [];
  const walk = (node: Node, current: Style) => {
    if (node.type === 'text') runs.push({ ...current, text: node.data ?? '' });
    else if (node.type === 'tag' && !SKIPPED.has(node.name!))
      for (const child of node.children ?? []) walk(child, inlineStyle(node.name!, node.attribs ?? {}, current));
  };
  for (const node of nodes) walk(node, style);
  return tidy(runs);
}

function textOf(nodes: Node[]): string {
  return nodes.map((node) => (node.type === 'text' ? (node.data ?? '') : textOf(node.children ?? []))).join('');
}

/** Collapses whitespace as a browser would (a line break stays one), trims the ends and drops empty runs. */
function tidy(runs: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const run of runs) {
    const text = run.text === '\n' ? '\n' : run.text.replace(/[\s\u00a0]+/g, ' ');
    const previous = out.at(-1);
    const atLineStart = !previous || previous.text.endsWith(' ') || previous.text.endsWith('\n');
    const cleaned = atLineStart && text !== '\n' ? text.replace(/^ /, '') : text;
    if (cleaned) out.push({ ...run, text: cleaned });
  }
  while (out.length > 0 && !out[0]!.text.trim()) out.shift();
  while (out.length > 0 && !out.at(-1)!.text.trim()) out.pop();
  if (out.length > 0) {
    out[0] = { ...out[0]!, text: out[0]!.text.replace(/^\s+/, '') };
    out[out.length - 1] = { ...out.at(-1)!, text: out.at(-1)!.text.replace(/\s+$/, '') };
  }
  return out;
}

/** Every image the blocks show, in reading order, once each. */
export function imageSources(blocks: Block[]): string[] {
  const found = new Set<string>();
  const walk = (list: Block[]) => {
    for (const block of list) {
      if (block.kind === 'image') found.add(block.src);
      else if (block.kind === 'quote') walk(block.blocks);
      else if (block.kind === 'list') block.items.forEach(walk);
    }
  };
  walk(blocks);
  return [...found];
}

/** All the text of the blocks (for choosing fonts). */
export function blocksText(blocks: Block[]): string {
  return blocks
    .map((block) => {
      switch (block.kind) {
        case 'heading':
        case 'paragraph':
          return block.inlines.map((run) => run.text).join('');
        case 'list':
          return block.items.map(blocksText).join(' ');
        case 'quote':
          return blocksText(block.blocks);
        case 'code':
          return block.text;
        case 'image':
          return block.alt;
        default:
          return '';
      }
    })
    .join(' ');
}
