import { z } from 'zod';
import type { PrismaClient } from '../../db/prisma.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { FeedFetchError } from '../../ingest/fetchError.ts';
import { loadPage } from '../../ingest/loadPage.ts';
import { pageArticle, pageGuid } from '../../ingest/pageMetadata.ts';
import { parseInput } from '../core/errors.ts';
import { mediaAddress } from '../media/mediaAddress.ts';
import { mediaProxyFor } from '../media/mediaProxy.ts';
import { feedUrl } from '../core/feedUrl.ts';
import { feedFetchPolicy } from '../core/hostSlots.ts';
import type { Services, Viewer } from '../core/services.ts';
import { pageLoadError } from './pageLoadError.ts';
import { assertShareable, recordShare, shareFields } from './shares.ts';
import { WEB_PAGES_FEED_URL, webPagesFeedId } from './webPagesFeed.ts';

const pageShareInput = z.object({ url: feedUrl }).extend(shareFields.shape);

const articleSelect = { id: true, title: true, url: true, siteName: true, imageUrl: true } as const;

/** The article a page was shared as. */
export type SharedPageArticle = Prisma.ArticleGetPayload<{ select: typeof articleSelect }>;

type NewPage = ReturnType<typeof pageArticle>;

/**
 * Shares any web page by its address (the browser extension, the bookmarklet, the API). An article of a feed the
 * viewer subscribes to with that address is shared as it is in the app; else the page's one article of the web
 * pages feed, stored from the page's own metadata (fetched through the feed engine's guarded fetcher) on first share.
 */
export async function sharePage(services: Services, viewer: Viewer, input: unknown) {
  const { url, ...fields } = parseInput(pageShareInput, input);
  // A share bound to be refused (too many mentions, no posts left) fetches no page.
  await assertShareable(services, viewer, fields);
  const found = (await knownArticle(services.db, viewer.id, [url])) ?? (await fetchPage(services, viewer, url));
  const share = await recordShare(services, viewer, fields, async (tx) => ('guid' in found ? storeWebPage(tx, found) : found));
  const [article, proxy] = await Promise.all([
    services.db.article.findUniqueOrThrow({ where: { id: share.articleId }, select: articleSelect }),
    mediaProxyFor(services),
  ]);
  return { share, article: { ...article, imageUrl: article.imageUrl && mediaAddress(article.imageUrl, proxy) } };
}

/** The article already stored for one of `urls`: in a feed the viewer subscribes to first, else a shared web page. */
async function knownArticle(db: PrismaClient, viewerId: string, urls: string[]): Promise<SharedPageArticle | null> {
  const subscribed = await db.article.findFirst({
    where: { url: { in: urls }, feed: { kind: 'feed', subscriptions: { some: { userId: viewerId } } } },
    orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    select: articleSelect,
  });
  return (
    subscribed ??
    db.article.findFirst({ where: { guid: { in: urls.map(pageGuid) }, feed: { url: WEB_PAGES_FEED_URL } }, select: articleSelect })
  );
}

/** Reads the page; its canonical address may name an article already known. Nothing is stored yet. */
async function fetchPage(services: Services, viewer: Viewer, url: string): Promise<SharedPageArticle | NewPage> {
  const loaded = await loadPage(feedFetchPolicy(services), url).catch((error: unknown) => {
    throw error instanceof FeedFetchError ? pageLoadError(error) : error;
  });
  if (loaded.status === 'not-html') throw pageLoadError(loaded);
  const page = pageArticle(loaded.page);
  return (await knownArticle(services.db, viewer.id, [page.url])) ?? page;
}

/** Stores the page as the web pages feed's article for its address, or finds the one stored meanwhile. */
async function storeWebPage(tx: Prisma.TransactionClient, page: NewPage): Promise<SharedPageArticle> {
  const feedId = await webPagesFeedId(tx);
  const [created] = await tx.article.createManyAndReturn({ data: [{ ...page, feedId }], skipDuplicates: true, select: articleSelect });
  return created ?? tx.article.findUniqueOrThrow({ where: { feedId_guid: { feedId, guid: page.guid } }, select: articleSelect });
}
