// Publisher markup that hides content from a sanitiser working tag by tag, undone before sanitising: lazy
// images keep their address in data-* attributes behind a data: placeholder (or in a <noscript> copy), and a
// comic's joke lives in its image's title, which no reader shows on a phone. The sanitiser still judges the result.
import type { ChildNode, Element } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeHtml } from './escapeHtml.ts';

const LAZY_SRC = ['data-src', 'data-lazy-src', 'data-original', 'data-orig-file'];
const LAZY_SRCSET = ['data-srcset', 'data-lazy-srcset'];

const isElement = (node: ChildNode | null): node is Element => node !== null && node.type === 'tag';
const isPlaceholder = (src: string | undefined): boolean => !src || /^\s*data:/i.test(src);

/** Moves a lazy image's real address into src/srcset, dropping a data: placeholder. */
function wakeLazyImage(img: Element): void {
  const { attribs } = img;
  const real = LAZY_SRC.map((name) => attribs[name]).find((value) => value && !isPlaceholder(value));
  if (real && isPlaceholder(attribs.src)) attribs.src = real;
  const realSet = LAZY_SRCSET.map((name) => attribs[name]).find(Boolean);
  if (realSet) attribs.srcset = realSet;
  if (isPlaceholder(attribs.src)) delete attribs.src;
  if (attribs.srcset && /^\s*data:/i.test(attribs.srcset)) delete attribs.srcset;
}

function previousElement(node: ChildNode): Element | null {
  let previous = node.prev;
  while (previous && previous.type === 'text' && previous.data.trim() === '') previous = previous.prev;
  return isElement(previous) ? previous : null;
}

/** Shows a <noscript> image fallback in place of the lazy placeholder that stands before it. */
function unwrapNoscriptImage(noscript: Element): void {
  if (!DomUtils.findOne((el) => el.name === 'img', noscript.children)) return;
  const placeholder = previousElement(noscript);
  if (placeholder?.name === 'img') DomUtils.removeElement(placeholder);
  for (const child of [...noscript.children]) DomUtils.prepend(noscript, child);
  DomUtils.removeElement(noscript);
}

/** Puts an image's title text under it as a caption, unless it already sits in a captioned figure. */
function captionTitledImage(img: Element): void {
  const title = img.attribs.title?.trim();
  if (!title || title === img.attribs.alt?.trim()) return;
  if (DomUtils.findOne((el) => el.name === 'figcaption', DomUtils.getParent(img)?.children ?? [])) return;
  const link = DomUtils.getParent(img);
  const image = link?.type === 'tag' && link.name === 'a' ? link : img;
  const parent = DomUtils.getParent(image);
  // A paragraph holding only the image becomes the figure: a figure inside a <p> would break the paragraph apart.
  const soleChild =
    parent?.type === 'tag' && parent.name === 'p' && parent.children.every((c) => c === image || (c.type === 'text' && !c.data.trim()));
  const figure = parseDocument('<figure></figure>').children[0] as Element;
  const caption = parseDocument(`<figcaption>${escapeHtml(title)}</figcaption>`).children[0] as Element;
  DomUtils.replaceElement(soleChild && parent ? (parent as Element) : image, figure);
  DomUtils.appendChild(figure, image);
  DomUtils.appendChild(figure, caption);
}

/** Returns the HTML with lazy images made real, <noscript> image fallbacks shown and titled images captioned. */
export function revealPublisherHtml(html: string): string {
  if (!/data-|<noscript|title=/i.test(html)) return html;
  const document = parseDocument(html);
  for (const noscript of DomUtils.getElementsByTagName('noscript', document)) unwrapNoscriptImage(noscript);
  for (const img of DomUtils.getElementsByTagName('img', document)) {
    wakeLazyImage(img);
    captionTitledImage(img);
  }
  return DomUtils.getOuterHTML(document);
}
