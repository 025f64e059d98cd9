import { approximateMatch } from './approximateMatch';

/**
 * A passage of an article, described the way the W3C Web Annotation selectors (and Hypothesis) describe it: its text
 * with the text around it (TextQuoteSelector), and where it stands in the article's text (TextPositionSelector).
 *
 * "The article's text" is the concatenation of the content root's text nodes, as `textContent` reads it: block
 * boundaries add nothing of their own, and whitespace counts as it stands in the HTML. Both describing and anchoring
 * use that rule, so a position measured on one visit points at the same text on the next.
 */
export type TextSelector = { exact: string; prefix: string; suffix: string; start: number | null; end: number | null };

/** How a highlight was found again: at its position, by its quote, by an approximate match of its quote. */
export type AnchorMethod = 'position' | 'quote' | 'fuzzy';

/** Where a highlight stands in the article's text now, and how it was found. */
export type Anchor = { start: number; end: number; method: AnchorMethod };

/** Characters of context kept on each side of a passage: enough to tell a repeated sentence apart. */
export const CONTEXT_LENGTH = 32;

/** An approximate match is accepted when at least this share of the passage is unchanged. */
const MIN_SIMILARITY = 0.8;

/** Characters around the expected place that the approximate search looks at before trying the whole text. */
const FUZZY_SLACK = 4000;

/** The class and attribute of the marks that draw highlights. */
export const HIGHLIGHT_CLASS = 'tidings-highlight';
export const HIGHLIGHT_ID_ATTRIBUTE = 'data-highlight-id';

/** The text nodes under `root`, in document order, with the article's text they make up. */
export function textOf(root: Node): { nodes: Text[]; text: string } {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const nodes: Text[] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    text += (node as Text).data;
  }
  return { nodes, text };
}

/**
 * Describes a DOM range in `root` (a selection in the article; only its part inside `root` counts): its text without
 * the whitespace at either end, the text around it and its position. Null when it holds none of `root`'s text.
 */
export function describeRange(root: Node, range: Range): TextSelector | null {
  const clipped = clip(root, range);
  if (!clipped) return null;
  const before = root.ownerDocument!.createRange();
  before.setStart(root, 0);
  before.setEnd(clipped.startContainer, clipped.startOffset);
  const { text } = textOf(root);
  let start = before.toString().length;
  let end = start + clipped.toString().length;
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  if (start === end) return null;
  return selectorAt(text, start, end);
}

// The part of the range inside `root`: a drag that runs on past the article's end keeps what it covered of the article.
function clip(root: Node, range: Range): Range | null {
  if (!range.intersectsNode(root)) return null;
  const clipped = range.cloneRange();
  const inside = root.ownerDocument!.createRange();
  inside.selectNodeContents(root);
  if (clipped.compareBoundaryPoints(Range.START_TO_START, inside) < 0) clipped.setStart(root, 0);
  if (clipped.compareBoundaryPoints(Range.END_TO_END, inside) > 0) clipped.setEnd(root, root.childNodes.length);
  return clipped.collapsed ? null : clipped;
}

/** The selector of the text at `[start, end)`. */
export function selectorAt(text: string, start: number, end: number): TextSelector {
  return {
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - CONTEXT_LENGTH), start),
    suffix: text.slice(end, end + CONTEXT_LENGTH),
    start,
    end,
  };
}

/**
 * Finds a stored passage in the article's text as it is now: at its position when the text there is still its text;
 * else by its quote, the occurrence whose surroundings best match its context (the one nearest its old position
 * breaking a tie), ignoring differences of whitespace and of typographic quotes and dashes; else by the closest
 * approximate match, if at least 80% alike. Null: it could not be placed.
 */
export function anchor(text: string, selector: TextSelector): Anchor | null {
  const { exact, start, end } = selector;
  if (exact === '') return null;
  if (start !== null && end !== null && text.slice(start, end) === exact) return { start, end, method: 'position' };
  const haystack = normalise(text);
  const needle = normalise(exact).text;
  if (needle.trim() === '') return null;
  const expected = start === null ? null : normalisedIndex(haystack.offsets, start);
  const quoted = byQuote(haystack.text, needle, normalise(selector.prefix).text, normalise(selector.suffix).text, expected);
  if (quoted !== null) return { ...originalSpan(haystack.offsets, quoted, quoted + needle.length), method: 'quote' };
  const fuzzy = byApproximation(haystack.text, needle, expected);
  return fuzzy && { ...originalSpan(haystack.offsets, fuzzy.start, fuzzy.end), method: 'fuzzy' };
}

function byQuote(text: string, needle: string, prefix: string, suffix: string, expected: number | null): number | null {
  let best: { index: number; score: number; distance: number } | null = null;
  for (let index = text.indexOf(needle); index >= 0; index = text.indexOf(needle, index + 1)) {
    const score =
      commonSuffixLength(prefix, text.slice(Math.max(0, index - prefix.length), index)) +
      commonPrefixLength(suffix, text.slice(index + needle.length, index + needle.length + suffix.length));
    const distance = expected === null ? 0 : Math.abs(index - expected);
    if (!best || score > best.score || (score === best.score && distance < best.distance)) best = { index, score, distance };
  }
  return best?.index ?? null;
}

function byApproximation(text: string, needle: string, expected: number | null) {
  const maxDistance = Math.floor(needle.length * (1 - MIN_SIMILARITY));
  if (maxDistance === 0) return null;
  const expectedEnd = expected === null ? undefined : expected + needle.length;
  const search = (from: number, to: number) => approximateMatch(text, needle, { from, to, maxDistance, expectedEnd });
  if (expected !== null) {
    const from = Math.max(0, expected - FUZZY_SLACK);
    const to = Math.min(text.length, expected + needle.length + FUZZY_SLACK);
    const near = search(from, to);
    if (near || (from === 0 && to === text.length)) return trimmed(text, near);
  }
  return trimmed(text, search(0, text.length));
}

function trimmed(text: string, match: { start: number; end: number } | null) {
  if (!match) return null;
  let { start, end } = match;
  while (start < end && text[start] === ' ') start++;
  while (end > start && text[end - 1] === ' ') end--;
  return start < end ? { start, end } : null;
}

/**
 * The text with each run of whitespace as one space and typographic quotes and dashes as their plain forms, with
 * `offsets[i]`, the index in the original text of the normalised text's character i (and its length at the end).
 */
export function normalise(original: string): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  for (let i = 0; i < original.length; i++) {
    const character = original[i]!;
    const plain = /\s/.test(character) ? ' ' : (PLAIN[character] ?? character);
    // A run of whitespace is its first character; a soft hyphen is nothing.
    if (plain === '' || (plain === ' ' && i > 0 && /\s/.test(original[i - 1]!))) continue;
    text += plain;
    offsets.push(i);
  }
  offsets.push(original.length);
  return { text, offsets };
}

const PLAIN: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u2032': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2033': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u00ad': '',
};

// The normalised index of the original index `original` (the first normalised character at or after it).
function normalisedIndex(offsets: number[], original: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (offsets[middle]! < original) low = middle + 1;
    else high = middle;
  }
  return low;
}

function originalSpan(offsets: number[], start: number, end: number) {
  return { start: offsets[start]!, end: offsets[end - 1]! + 1 };
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[length] === b[length]) length++;
  return length;
}

function commonSuffixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && length < b.length && a[a.length - 1 - length] === b[b.length - 1 - length]) length++;
  return length;
}

/** The DOM range of the article's text at `[start, end)` under `root`. */
export function rangeOf(root: Node, start: number, end: number): Range {
  const { nodes } = textOf(root);
  const range = root.ownerDocument!.createRange();
  let position = 0;
  let started = false;
  for (const node of nodes) {
    const length = node.data.length;
    if (!started && start < position + length) {
      range.setStart(node, start - position);
      started = true;
    }
    if (started && end <= position + length) {
      range.setEnd(node, end - position);
      return range;
    }
    position += length;
  }
  range.selectNodeContents(root);
  return range;
}

/**
 * Draws a highlight over the article's text at `[start, end)`: each text node in it (split at the ends) is wrapped in
 * its own `<mark>`, so a passage across links, emphasis or paragraphs gets one mark per piece and the elements stay
 * as they are. Whitespace between blocks is left alone (a mark there would sit inside a list or a table).
 */
export function drawHighlight(root: Node, id: string, start: number, end: number): HTMLElement[] {
  const { nodes } = textOf(root);
  const pieces: Text[] = [];
  let position = 0;
  for (const node of nodes) {
    const nodeStart = position;
    const nodeEnd = position + node.data.length;
    position = nodeEnd;
    if (nodeEnd <= start || nodeStart >= end) continue;
    let piece = node;
    if (start > nodeStart) piece = piece.splitText(start - nodeStart);
    if (end < nodeEnd) piece.splitText(end - Math.max(start, nodeStart));
    pieces.push(piece);
  }
  const marks: HTMLElement[] = [];
  for (const piece of pieces) {
    if (piece.data.trim() === '' && !isPhrasing(piece.parentElement)) continue;
    const mark = root.ownerDocument!.createElement('mark');
    mark.className = HIGHLIGHT_CLASS;
    mark.setAttribute(HIGHLIGHT_ID_ATTRIBUTE, id);
    // The keyboard reaches each highlight once, at its first piece.
    if (marks.length === 0) mark.tabIndex = 0;
    piece.replaceWith(mark);
    mark.append(piece);
    marks.push(mark);
  }
  return marks;
}

const BLOCKS = new Set([
  'ARTICLE',
  'BLOCKQUOTE',
  'DIV',
  'DL',
  'FIGURE',
  'OL',
  'PICTURE',
  'SECTION',
  'TABLE',
  'TBODY',
  'THEAD',
  'TFOOT',
  'TR',
  'UL',
]);

function isPhrasing(element: Element | null): boolean {
  return element !== null && !BLOCKS.has(element.tagName);
}

/** Takes every highlight's marks out of `root`, leaving its text nodes as they were before any was drawn. */
export function removeHighlights(root: Element): void {
  const parents = new Set<Node>();
  for (const mark of root.querySelectorAll(`mark.${HIGHLIGHT_CLASS}`)) {
    const parent = mark.parentNode;
    if (!parent) continue;
    mark.replaceWith(...mark.childNodes);
    parents.add(parent);
  }
  // Joins the text nodes a drawing split (the sanitised HTML never has two side by side).
  for (const parent of parents) if (parent.isConnected || root.contains(parent)) parent.normalize();
}

/** A stored highlight: its id and selectors. */
export type StoredHighlight = TextSelector & { id: string };

/** The article's text of an HTML string, read the way `textOf` reads the element it is drawn in (nothing loads). */
export function htmlText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return textOf(template.content).text;
}

/** Where each highlight stands in the article's text, and the ids of those that could not be placed. */
export function placeHighlights(text: string, highlights: readonly StoredHighlight[]): { placed: Map<string, Anchor>; unplaced: string[] } {
  const placed = new Map<string, Anchor>();
  const unplaced: string[] = [];
  for (const highlight of highlights) {
    const found = anchor(text, highlight);
    if (found) placed.set(highlight.id, found);
    else unplaced.push(highlight.id);
  }
  return { placed, unplaced };
}

/** Draws the placed highlights in `root` (marks add no text, so an earlier one never moves a later one's offsets). */
export function drawPlaced(root: Element, placed: ReadonlyMap<string, Anchor>): void {
  for (const [id, { start, end }] of placed) drawHighlight(root, id, start, end);
}

/** Places every highlight in `root`'s text and draws those that can be placed. */
export function drawHighlights(root: Element, highlights: readonly StoredHighlight[]): { placed: Map<string, Anchor>; unplaced: string[] } {
  const result = placeHighlights(textOf(root).text, highlights);
  drawPlaced(root, result.placed);
  return result;
}
