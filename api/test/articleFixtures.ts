import type { ArticleQuery } from '../src/domain/articles/articleQuery.ts';
import { articleQuery } from '../src/domain/articles/articleQuery.ts';
import { listArticles } from '../src/domain/articles/listArticles.ts';
import { storeNewArticles } from '../src/domain/refresh/storeArticles.ts';
import type { Services, Viewer } from '../src/domain/core/services.ts';
import { viewerFromBearerToken } from '../src/domain/accounts/credentials.ts';
import { startSubscription } from '../src/domain/subscriptions/subscriptions.ts';
import { plainText, sanitiseHtml } from '../src/ingest/sanitise.ts';
import { signUp } from './server.ts';

// Reading fixtures: readers, feeds whose articles arrive through storeNewArticles (so the fan-out into
// subscribers' unread lists runs exactly as on a refresh), subscriptions through startSubscription (so a
// new subscriber's list is filled as in production) and folders.

let counter = 0;
const next = () => (counter += 1);

/** A signed-up user as the domain sees them (`viewer`), with their bearer token for HTTP tests. */
export type Reader = { id: string; username: string; token: string; viewer: Viewer };

export async function newReader(services: Services): Promise<Reader> {
  const { user, token } = await signUp(services);
  const viewer = await viewerFromBearerToken(services, token);
  if (!viewer) throw new Error('the new session should be valid');
  return { id: user.id, username: user.username, token, viewer };
}

/** A stored feed (as if fetched once), without subscribers. */
export async function newFeed(services: Services, options: { title?: string; url?: string } = {}) {
  const n = next();
  return services.db.feed.create({
    data: {
      url: options.url ?? `https://reading.example.org/${n}-${Date.now().toString(36)}.xml`,
      title: options.title ?? `Reading feed ${n}`,
      lastFetchedAt: new Date(),
    },
  });
}

/** One article as a feed publishes it; `content` is HTML, sanitised as the normaliser would before storing. */
export type ArticleInput = {
  publishedAt: Date;
  title?: string;
  content?: string;
  excerpt?: string;
  guid?: string;
  url?: string | null;
  author?: string | null;
  imageUrl?: string | null;
};

/** A stored article: what tests need to build expectations. */
export type StoredArticle = { id: string; feedId: string; guid: string; title: string; publishedAt: Date };

/**
 * Stores `articles` in `feedId` through storeNewArticles (the refresh path: new ones fan out unread to every
 * subscriber) and answers them as stored, in input order. Articles the feed already had are answered too.
 */
export async function publish(services: Services, feedId: string, articles: ArticleInput[]): Promise<StoredArticle[]> {
  const normalised = articles.map((article) => {
    const n = next();
    const title = article.title ?? `Article ${n}`;
    const content = sanitiseHtml(article.content ?? `<p>Body of ${title}</p>`, 'https://reading.example.org/');
    return {
      guid: article.guid ?? `guid-${n}-${Date.now().toString(36)}`,
      guidIsPermaLink: false,
      url: article.url === undefined ? `https://reading.example.org/articles/${n}` : article.url,
      originalUrl: null,
      title,
      author: article.author ?? null,
      excerpt: article.excerpt ?? title,
      content,
      contentText: plainText(content),
      imageUrl: article.imageUrl ?? null,
      enclosures: [],
      commentsUrl: null,
      publishedAt: article.publishedAt,
      dated: true,
    };
  });
  await storeNewArticles(services.db, feedId, normalised);
  const stored = await services.db.article.findMany({
    where: { feedId, guid: { in: normalised.map((article) => article.guid) } },
    select: { id: true, feedId: true, guid: true, title: true, publishedAt: true },
  });
  const byGuid = new Map(stored.map((article) => [article.guid, article]));
  return normalised.map((article) => byGuid.get(article.guid)!);
}

/** `count` articles one `stepMs` apart going back from `newest`, titled `${prefix} ${i}` (0 is the newest). */
export function timeline(count: number, options: { newest: Date; stepMs?: number; prefix?: string }): ArticleInput[] {
  const step = options.stepMs ?? 60_000;
  return Array.from({ length: count }, (_, i) => ({
    publishedAt: new Date(options.newest.getTime() - i * step),
    title: `${options.prefix ?? 'Story'} ${i}`,
  }));
}

/** Subscribes `userId` to `feedId` as the app does (startSubscription: the feed's articles arrive unread). */
export async function follow(services: Services, userId: string, feedId: string, options: { folderId?: string | null } = {}) {
  return services.db.$transaction((tx) => startSubscription(tx, { userId, feedId, folderId: options.folderId ?? null }));
}

export async function newFolder(services: Services, userId: string, name = `Folder ${next()}`) {
  return services.db.folder.create({ data: { userId, name } });
}

/** Newest first by (publishedAt, id), the order of every article list; ids compare as PostgreSQL compares UUIDs. */
export function newestFirst<T extends { publishedAt: Date; id: string }>(articles: Iterable<T>): T[] {
  return [...articles].sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
}

/** Ids of articles that are still unread for `userId`, straight from the table. */
export async function unreadIds(services: Services, userId: string): Promise<Set<string>> {
  const rows = await services.db.unreadArticle.findMany({ where: { userId }, select: { articleId: true } });
  return new Set(rows.map((row) => row.articleId));
}

/**
 * Walks a whole list page by page (following endCursor) and answers every id in the order seen, with the
 * number of pages. `between` runs after each page, before the next one is asked for.
 */
export async function walkArticles(
  services: Services,
  viewer: Viewer,
  input: Record<string, unknown>,
  pageSize: number,
  between?: (page: number, seen: string[]) => Promise<void>,
): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let pages = 1; pages <= 1000; pages += 1) {
    const query: ArticleQuery = await articleQuery(services, viewer, { ...input, first: pageSize, after });
    const page = await listArticles(services, query);
    ids.push(...page.articles.map((article) => article.id));
    if (page.articles.length > pageSize) throw new Error('a page held more than it was asked for');
    if (!page.hasNextPage) return { ids, pages };
    after = page.endCursor;
    await between?.(pages, ids);
  }
  throw new Error('the walk never ended');
}

/**
 * A new reader following three new feeds, subscribed in this order: the first two in a folder named `folderName`, the
 * third outside it.
 */
export async function readerWithFolder(services: Services, folderName: string) {
  const reader = await newReader(services);
  const folder = await newFolder(services, reader.id, folderName);
  const feeds = [await newFeed(services), await newFeed(services), await newFeed(services)] as const;
  await follow(services, reader.id, feeds[0].id, { folderId: folder.id });
  await follow(services, reader.id, feeds[1].id, { folderId: folder.id });
  await follow(services, reader.id, feeds[2].id);
  return { reader, folder, feeds };
}
