/**
 * The digest's Markdown (the subset the server writes: `##`/`###` headings, paragraphs, `- ` and `1. ` lists,
 * `**bold**`, `*italic*`, links and `\` escapes) read into plain data that React renders as elements. Nothing is ever
 * handed to the browser as HTML, so no text from a feed can become markup; `<!-- -->` comment paragraphs are dropped
 * (paragraphs that are comments are hidden).
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

/** The blocks of a digest's content, comments left out. */
export function parseDigestMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let inComment = false;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (inComment || line.startsWith('<!--')) {
      endParagraph();
      inComment = !line.includes('-->');
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    const item = /^(-|\d+\.)\s+(.*)$/.exec(line);
    if (line === '') endParagraph();
    else if (heading) {
      endParagraph();
      const children = parseInline(heading[2]!);
      blocks.push({ kind: 'heading', level: heading[1]!.length <= 2 ? 2 : 3, text: plainText(children), children });
    } else if (item) {
      endParagraph();
      const ordered = item[1] !== '-';
      const last = blocks.at(-1);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(parseInline(item[2]!));
      else blocks.push({ kind: 'list', ordered, items: [parseInline(item[2]!)] });
    } else paragraph.push(line);
  }
  endParagraph();
  return blocks;
}

/** Inline text: escapes, bold, italic and `[label](target)` links; anything unmatched stays literal text. */
export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ kind: 'text', text });
    text = '';
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === '\\' && i + 1 < source.length) {
      text += source[i + 1];
      i += 2;
      continue;
    }
    if (char === '*') {
      const strong = source.startsWith('**', i);
      const marker = strong ? '**' : '*';
      const end = findUnescaped(source, marker, i + marker.length);
      if (end > i + marker.length) {
        flush();
        const children = parseInline(source.slice(i + marker.length, end));
        out.push(strong ? { kind: 'strong', children } : { kind: 'em', children });
        i = end + marker.length;
        continue;
      }
    }
    if (char === '[') {
      const close = findUnescaped(source, ']', i + 1);
      const target = close > 0 && source[close + 1] === '(' ? source.indexOf(')', close + 2) : -1;
      if (target > 0) {
        flush();
        out.push({ kind: 'link', href: source.slice(close + 2, target), children: parseInline(source.slice(i + 1, close)) });
        i = target + 1;
        continue;
      }
    }
    text += char;
    i += 1;
  }
  flush();
  return out;
}

/** The text of inline content without its markup. */
export function plainText(inline: Inline[]): string {
  return inline.map((part) => (part.kind === 'text' ? part.text : plainText(part.children))).join('');
}

function findUnescaped(source: string, marker: string, from: number): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === '\\') i += 1;
    else if (source.startsWith(marker, i)) return i;
  }
  return -1;
}

/** The article a digest link opens (`/article/{id}`), or null. */
export function articleIdOfLink(href: string): string | null {
  return /^\/article\/([0-9a-f-]{36})$/i.exec(href)?.[1] ?? null;
}

/** The feed address a digest's subscribe link names (`subscribe:{encoded address}`), or null. */
export function feedUrlOfLink(href: string): string | null {
  if (!href.startsWith('subscribe:')) return null;
  try {
    const url = decodeURIComponent(href.slice('subscribe:'.length));
    return /^https?:\/\//i.test(url) ? url : null;
  } catch {
    return null;
  }
}

/** The subsection headings the detail screen styles apart. */
export const SPECIAL_HEADINGS = new Set(['Topic Connections', 'Discovery & Exploration', 'Social Engagement']);
