/** A run of notification text: plain, or an http(s) URL to render as a link. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// http(s) addresses, and www. ones without a scheme, up to whitespace or a quote mark, straight or typographic (a
// phone types a quoted address as “https://…”); not a www. inside a word or an e-mail address. The server finds a
// comment's links much the same way (api/src/domain/social/commentLinks.ts), so the links shown are the ones it looks up.
const URL_PATTERN = /(?<![\w.@/-])(?:https?:\/\/|www\.)[^\s<>"'“”‘’«»‹›]+/gi;
// Sentence punctuation right after a URL belongs to the sentence, not the link.
const TRAILING_PUNCTUATION = /[.,;:!?…)\]]+$/;
// 'www.' and a name with a dot in it: www.example.org, not a sentence that ends in 'www.'.
const WWW_HOST = /^www\.[^/.]+\.[^/.]/i;

/** Splits plain text into text and link segments, so links render as elements and nothing as HTML. */
export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const link = match[0].replace(TRAILING_PUNCTUATION, '');
    const www = /^www\./i.test(link);
    if (www && !WWW_HOST.test(link)) continue;
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    // An address written without its scheme is read as https, as a browser's address bar reads it.
    segments.push({ kind: 'link', text: link, href: www ? `https://${link}` : link });
    last = start + link.length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}
