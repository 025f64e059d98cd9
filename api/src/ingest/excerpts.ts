import type { NormalisedArticle } from './normalise.ts';

/** Below this many characters of text an article is a teaser: the page has the rest. */
export const EXCERPT_MAX_CHARACTERS = 500;

/** How publishers end a teaser: an ellipsis (WordPress's "[…]"), or a link on to the page. */
export const TEASER_ENDING =
  /(?:…|\.\.\.|\[…\]|\[\.\.\.\]|\(more…\)|read more|continue reading(?:\s*(?:→|»|\S.{0,120}))?|read the (?:full|rest of the) (?:article|story|post)(?:\s*(?:→|»))?|keep reading|→|»)\s*$/iu;

/** Whether an article's readable text (plainText of its content) is a teaser's: short, or ending like one. */
export function isExcerpt(text: string): boolean {
  return text.length < EXCERPT_MAX_CHARACTERS || TEASER_ENDING.test(text);
}

/** How many of a fetch's new articles are looked at: the newest; a feed is judged on what it sends now. */
const SAMPLE = 5;

/** Whether a feed's new articles look like excerpts: most of the newest few are teasers. */
export function looksLikeExcerpts(articles: readonly Pick<NormalisedArticle, 'contentText' | 'publishedAt'>[]): boolean {
  const newest = [...articles].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime()).slice(0, SAMPLE);
  return newest.length > 0 && newest.filter((article) => isExcerpt(article.contentText)).length * 2 > newest.length;
}
