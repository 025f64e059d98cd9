import type { Prisma } from '../../generated/prisma/client.ts';
import { TEASER_ENDING } from '../../ingest/excerpts.ts';
import { plainText, sanitiseHtml } from '../../ingest/sanitise.ts';
import { publicFeedAddress } from '../access/feedAddress.ts';
import type { Services } from '../core/services.ts';
import { htmlToBlocks, type Block } from './blocks.ts';
import type { ExportOptions } from './input.ts';

/** At most this many articles go into one export (the most recently liked or shared), so a year stays a book. */
export const EXPORT_MAX_ARTICLES = 500;
/**
 * Articles are read and turned into blocks this many at a time: only a batch's stored HTML is held at once, and
 * the sanitiser's and parsers' garbage of one batch goes before the next (gathering the benchmark's 300 alone grew
 * a process by 64–74 MB all at once, by 40–50 MB in batches of 50).
 */
const GATHER_BATCH = 50;

/** Below this many characters of text, content ending like a teaser is taken to be the feed's excerpt. */
const TEASER_MAX_CHARS = 800;

function sinceFor(options: ExportOptions, now: Date): Date {
  return new Date(now.getTime() - options.days * 86_400_000);
}

/** Whether the chosen sources hold any article in the time range (an empty export is refused before it starts). */
export async function hasArticles(services: Services, userId: string, options: ExportOptions, now: Date): Promise<boolean> {
  const where = { userId, createdAt: { gte: sinceFor(options, now), lte: now } };
  const [liked, shared] = await Promise.all([
    options.includeLiked ? services.db.likedArticle.count({ where }) : 0,
    options.includeShared ? services.db.share.count({ where }) : 0,
  ]);
  return liked + shared > 0;
}

export type ExportArticle = {
  id: string;
  title: string;
  feedTitle: string;
  author: string | null;
  publishedAt: Date;
  /** When the viewer liked or shared it (the later of the two). */
  savedAt: Date;
  url: string | null;
  blocks: Block[];
  /** The feed gave only an excerpt: the export says so and points to the original. */
  excerptOnly: boolean;
  /** Plain text of the title and content, for finding topics. */
  text: string;
};

/**
 * The viewer's liked and/or shared articles of the last `days` days, counted by when they were liked or shared
 * (not published), newest first, each article once. The stored content is sanitised again with the feed engine's
 * sanitiser, so nothing but its allowlist reaches the renderers even if a row was written by an older version.
 */
export async function gatherArticles(services: Services, userId: string, options: ExportOptions, now: Date): Promise<ExportArticle[]> {
  const since = sinceFor(options, now);
  const savedAt = new Map<string, Date>();
  const note = (articleId: string, at: Date) => {
    const known = savedAt.get(articleId);
    if (!known || known < at) savedAt.set(articleId, at);
  };
  if (options.includeLiked) {
    const likes = await services.db.likedArticle.findMany({
      where: { userId: userId, createdAt: { gte: since, lte: now } },
      select: { articleId: true, createdAt: true },
      orderBy: { createdAt: 'desc' },
      take: EXPORT_MAX_ARTICLES,
    });
    for (const like of likes) note(like.articleId, like.createdAt);
  }
  if (options.includeShared) {
    const shares = await services.db.share.findMany({
      where: { userId: userId, createdAt: { gte: since, lte: now } },
      select: { articleId: true, createdAt: true },
      orderBy: { createdAt: 'desc' },
      take: EXPORT_MAX_ARTICLES,
    });
    for (const share of shares) note(share.articleId, share.createdAt);
  }
  const chosen = [...savedAt.entries()].sort((a, b) => b[1].getTime() - a[1].getTime()).slice(0, EXPORT_MAX_ARTICLES);
  const articles: ExportArticle[] = [];
  for (let from = 0; from < chosen.length; from += GATHER_BATCH) {
    const batch = chosen.slice(from, from + GATHER_BATCH);
    const ids = batch.map(([id]) => id);
    const [rows, highlights] = await Promise.all([
      services.db.article.findMany({ where: { id: { in: ids } }, select: articleSelect }),
      services.db.highlight.findMany({
        where: { userId, articleId: { in: ids } },
        select: { articleId: true, exact: true, note: true },
        orderBy: [{ start: { sort: 'asc', nulls: 'last' } }, { createdAt: 'asc' }],
      }),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [id, at] of batch) {
      const row = byId.get(id);
      if (row)
        articles.push(
          exportArticle(
            row,
            at,
            highlights.filter((highlight) => highlight.articleId === id),
          ),
        );
    }
  }
  return articles;
}

const articleSelect = {
  id: true,
  title: true,
  author: true,
  url: true,
  excerpt: true,
  content: true,
  siteName: true,
  publishedAt: true,
  feed: { select: { title: true, siteUrl: true, url: true } },
} satisfies Prisma.ArticleSelect;

type ArticleRow = Prisma.ArticleGetPayload<{ select: typeof articleSelect }>;

/** A highlight as an export shows it beside its article. */
type ExportHighlight = { exact: string; note: string | null };

/**
 * One article as the export shows it, followed by the viewer's highlights in it ("Your highlights": each passage a
 * quote, its note after it); its HTML is not kept, only the blocks and text made from it.
 */
function exportArticle(row: ArticleRow, savedAt: Date, highlights: ExportHighlight[]): ExportArticle {
  // Relative links resolve against the base's user-info (and, for "" or "#…", its query): a feed's secret would
  // end up in the links of a file that travels, so the feed's part of the base is its public address.
  const base = row.url ?? (publicFeedAddress(row.feed.siteUrl ?? row.feed.url) || null);
  const html = sanitiseHtml(row.content || row.excerpt, base);
  const text = plainText(html);
  const excerptOnly = !row.content.trim() || (text.length < TEASER_MAX_CHARS && TEASER_ENDING.test(text));
  return {
    id: row.id,
    title: row.title.trim() || 'Untitled',
    feedTitle: row.siteName || row.feed.title || new URL(row.feed.url).hostname,
    author: row.author?.trim() || null,
    publishedAt: row.publishedAt,
    savedAt,
    url: row.url,
    blocks: [...htmlToBlocks(html), ...highlightBlocks(highlights)],
    excerptOnly,
    text: `${row.title} ${text}`,
  };
}

function highlightBlocks(highlights: ExportHighlight[]): Block[] {
  if (highlights.length === 0) return [];
  return [
    { kind: 'heading', level: 3, inlines: [{ text: 'Your highlights' }] },
    ...highlights.flatMap((highlight): Block[] => [
      { kind: 'quote', blocks: [{ kind: 'paragraph', inlines: [{ text: highlight.exact }] }] },
      ...(highlight.note ? [{ kind: 'paragraph' as const, inlines: [{ text: highlight.note, italic: true }] }] : []),
    ]),
  ];
}
