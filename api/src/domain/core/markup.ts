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

/**
 * Text in an XML element whose content readers decode and then render as HTML (an RSS title, description or
 * dc:creator): escaped for HTML, then for XML, so that after the XML parse it is still escaped HTML text.
 */
export function htmlInXmlText(text: string): string {
  return xmlText(escapeHtml(text));
}
