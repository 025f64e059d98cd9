/**
 * A link found in a comment; title and feedUrl are filled in by the link-detection job. `pending` is true until the
 * job has looked for the feed behind it and false after (links stored before there was this flag have none).
 */
export type CommentLink = { url: string; title: string | null; feedUrl: string | null; pending?: boolean };

export const COMMENT_LINKS_MAX = 5;

// http(s) addresses, and www. ones without a scheme, up to whitespace or a bracket or quote mark, straight or
// typographic: a phone types a quoted address as “https://…”, and the closing quote is no part of it. Sentence
// punctuation at the end is not part of them either. Neither is a www. inside a word or an e-mail address.
const URL_PATTERN = /(?<![\w.@/-])(?:https?:\/\/|www\.)[^\s<>"'()[\]{}“”‘’«»‹›]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?…]+$/;
// 'www.' and a name with a dot in it: www.example.org, not a sentence that ends in 'www.'.
const WWW_HOST = /^www\.[^/.]+\.[^/.]/i;

/** The distinct http(s) links of a comment, in order, at most COMMENT_LINKS_MAX, as link items still to be detected. */
export function commentLinks(text: string): CommentLink[] {
  const urls = new Set<string>();
  for (const match of text.matchAll(URL_PATTERN)) {
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '');
    // An address written without its scheme is read as https, as a browser's address bar reads it.
    const address = /^www\./i.test(candidate) ? (WWW_HOST.test(candidate) ? `https://${candidate}` : null) : candidate;
    if (address && URL.canParse(address)) urls.add(new URL(address).href);
    if (urls.size === COMMENT_LINKS_MAX) break;
  }
  return [...urls].map((url) => ({ url, title: null, feedUrl: null, pending: true }));
}
