import { escapeHtml } from '../../ingest/escapeHtml.ts';

/*
 * Plain text meeting markup. Names, notes, titles and the instance's name are whatever people and feeds typed, so
 * each format the server writes has one escape here that keeps such text text: a reader never sees it become a tag,
 * an entity or a link. Markdown's is escapeMarkdown (digests/markdown.ts), beside the Markdown subset it belongs to.
 */

// Characters XML 1.0 forbids anywhere, even as references: a document holding one is not XML at all.
const XML_FORBIDDEN = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text without the characters XML forbids, for places that escape it themselves (a template engine, say). */
export function xmlChars(text: string): string {
  return text.replace(XML_FORBIDDEN, '');
}

/** Text as XML (and XHTML) character data or a quoted attribute value. */
export function xmlText(text: string): string {
  return xmlChars(text).replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );
}

// After '&', what an HTML parser reads as a character reference: a number, a name ending in ';', or one of the common
// names HTML still reads without the ';' ("&copy 2026", "&notes").
const HTML_REFERENCE = /^(?:#|[a-z][a-z0-9]*;|amp|lt|gt|quot|nbsp|copy|reg|not)/i;

/**
 * Plain text in an RSS element (a title, dc:creator, source, the channel's title and description). Readers disagree
 * on what that is: newsboat shows it as text once the XML is parsed, web readers and Tidings' own feed engine render
 * it as HTML. Escaped for XML only, so "Fish & Chips" reads so in both, but for what HTML would not read as text: a
 * '<' (it could open a tag) and an '&' that starts a character reference, escaped for HTML first. A text reader
 * then shows those few as "&lt;" and "&amp;", and an HTML reader never sees a tag or an entity.
 */
export function rssText(text: string): string {
  const chars = xmlChars(text);
  return chars.replace(/[<>&'"]/g, (char, at: number) =>
    char === '<' || (char === '&' && HTML_REFERENCE.test(chars.slice(at + 1, at + 12))) ? xmlText(escapeHtml(char)) : xmlText(char),
  );
}
