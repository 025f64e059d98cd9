import { safeHttpUrl } from '../../ingest/sanitise.ts';
import { markdownRuns, subscribeAddress } from '../digests/markdown.ts';
import { findTopics } from '../topics/findTopics.ts';
import { blocksText, type Block, type Inline } from './blocks.ts';
import type { ExportArticle } from './gather.ts';
import type { ExportOptions } from './input.ts';

export type BookArticle = ExportArticle & { anchor: string };

/** A chapter: a topic's articles, or a digest (its own text, no articles). */
export type BookChapter = { title: string; subtitle: string | null; anchor: string; blocks: Block[]; articles: BookArticle[] };

/** What an included digest brings to the export: its title, dates and formatted text. */
export type ExportDigest = { title: string; startDate: Date; endDate: Date; summary: string | null; content: string };

/** Everything both renderers show, in order; the PDF and the EPUB differ only in how. */
export type ExportBook = {
  title: string;
  countLine: string;
  rangeLine: string;
  sourcesLine: string;
  articleCount: number;
  chapters: BookChapter[];
};

const MAX_TOPICS = 12;

/**
 * Orders the export: the digest first (when included), then one chapter per topic the topic module finds (largest
 * first), then the articles no topic holds. Within a chapter, the most recently liked or shared first.
 */
export function composeBook(articles: ExportArticle[], digest: ExportDigest | null, options: ExportOptions, now: Date): ExportBook {
  const anchored = articles.map((article, index) => ({ ...article, anchor: `article-${index + 1}` }));
  const byId = new Map(anchored.map((article) => [article.id, article]));
  const topics = findTopics(
    anchored.map(({ id, title, text }) => ({ id, title, text })),
    { maxTopics: MAX_TOPICS },
  );
  const placed = new Set<string>();
  const chapters: BookChapter[] = digest ? [digestChapter(digest)] : [];
  for (const topic of topics) {
    const members = topic.articleIds.map((id) => byId.get(id)!).sort(newestSavedFirst);
    members.forEach((article) => placed.add(article.id));
    chapters.push({ title: topic.label, subtitle: topic.keywords.join(' · '), anchor: '', blocks: [], articles: members });
  }
  const rest = anchored.filter((article) => !placed.has(article.id));
  if (rest.length > 0)
    chapters.push({ title: topics.length > 0 ? 'More articles' : 'Articles', subtitle: null, anchor: '', blocks: [], articles: rest });
  chapters.forEach((chapter, index) => (chapter.anchor = `chapter-${index + 1}`));
  const since = new Date(now.getTime() - options.days * 86_400_000);
  return {
    title: 'Reading Digest',
    countLine: `${articles.length} ${articles.length === 1 ? 'article' : 'articles'}`,
    rangeLine: `${formatDate(since)} – ${formatDate(now)}`,
    sourcesLine: sourcesLine(options),
    articleCount: articles.length,
    chapters,
  };
}

function newestSavedFirst(a: ExportArticle, b: ExportArticle): number {
  return b.savedAt.getTime() - a.savedAt.getTime();
}

function sourcesLine(options: ExportOptions): string {
  const sources = [options.includeLiked && 'liked', options.includeShared && 'shared'].filter(Boolean).join(' and ');
  const articles = sources ? `Your ${sources} articles` : '';
  return [articles, options.includeDigest && (articles ? 'a weekly digest' : 'A weekly digest')].filter(Boolean).join(' and ');
}

/**
 * A digest as a chapter: its Markdown read as '#' headings, '-', '*' or '1.' lists and paragraphs of the text it shows
 * (escapes resolved, so a title reads as it was written; comment paragraphs left out), a suggested feed linked to its
 * address.
 */
export function digestChapter(digest: ExportDigest): BookChapter {
  const blocks: Block[] = [];
  if (digest.summary?.trim()) blocks.push({ kind: 'paragraph', inlines: [{ text: digest.summary.trim(), italic: true }] });
  for (const part of digest.content.split(/\n\s*\n/)) {
    if (/^<!--[\s\S]*-->$/.test(part.trim())) continue;
    const lines = part
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const heading = /^(#{1,6})\s+(.*)$/.exec(lines[0] ?? '');
    if (heading) {
      blocks.push({ kind: 'heading', level: Math.min(6, heading[1]!.length + 1), inlines: digestInlines(heading[2]!) });
      lines.shift();
    }
    if (lines.length === 0) continue;
    if (lines.every((line) => LIST_ITEM.test(line)))
      blocks.push({
        kind: 'list',
        ordered: /^\d/.test(lines[0]!),
        items: lines.map((line) => [{ kind: 'paragraph', inlines: digestInlines(line.replace(LIST_ITEM, '')) }]),
      });
    else blocks.push({ kind: 'paragraph', inlines: digestInlines(lines.join(' ')) });
  }
  return {
    title: digest.title || 'Weekly Digest',
    subtitle: `${formatDate(digest.startDate)} – ${formatDate(digest.endDate)}`,
    anchor: '',
    blocks,
    articles: [],
  };
}

const LIST_ITEM = /^([-*]|\d+\.)\s+/;

/** Digest Markdown as the runs of text it shows; a feed suggestion's run links to the feed's address. */
function digestInlines(markdown: string): Inline[] {
  return markdownRuns(markdown).map(({ text, target }) => {
    const href = target === undefined ? null : safeHttpUrl(subscribeAddress(target), null);
    return href ? { text, href } : { text };
  });
}

// One formatter for the whole book: toLocaleDateString builds a new one on every call, a cost per article.
const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 26, 2026": dates are UTC, as the server has no reader's time zone. */
export function formatDate(date: Date): string {
  return DATE_FORMAT.format(date);
}

/** The line under an article's title: feed, author and date published. */
export function describeArticle(article: ExportArticle): string {
  return [article.feedTitle, article.author && `by ${article.author}`, formatDate(article.publishedAt)].filter(Boolean).join(' · ');
}

/** All the text of the book (for choosing fonts). */
export function bookText(book: ExportBook): string {
  return [
    book.title,
    ...book.chapters.flatMap((chapter) => [
      chapter.title,
      chapter.subtitle ?? '',
      blocksText(chapter.blocks),
      ...chapter.articles.flatMap((article) => [article.title, describeArticle(article), article.url ?? '', blocksText(article.blocks)]),
    ]),
  ].join(' ');
}
