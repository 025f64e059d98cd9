/** A link found in a comment; title and feedUrl are filled in by the link-detection job. */
export type CommentLink = { url: string; title: string | null; feedUrl: string | null };

export const COMMENT_LINKS_MAX = 5;

// http(s) addresses up to whitespace or a closing bracket or quote; sentence punctuation at the end is not part of them.
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'()[\]{}]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/** The distinct http(s) links of a comment, in order, at most COMMENT_LINKS_MAX, as link items still to be detected. */
export function commentLinks(text: string): CommentLink[] {
  const urls = new Set<string>();
  for (const match of text.matchAll(URL_PATTERN)) {
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '');
    if (URL.canParse(candidate)) urls.add(new URL(candidate).href);
    if (urls.size === COMMENT_LINKS_MAX) break;
  }
  return [...urls].map((url) => ({ url, title: null, feedUrl: null }));
}
