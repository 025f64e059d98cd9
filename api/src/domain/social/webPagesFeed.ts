import type { Prisma } from '../../generated/prisma/client.ts';

/**
 * The address of the instance's one "web pages" feed, which holds the pages shared from the web. Not http(s), so
 * no address a user types (feedUrl) can name it and the fetcher would refuse it; its kind keeps it out of refreshes.
 */
export const WEB_PAGES_FEED_URL = 'tidings:web-pages';
export const WEB_PAGES_FEED_TITLE = 'Web pages';

/** The id of the web pages feed, created on first use. Call it inside a transaction. */
export async function webPagesFeedId(tx: Prisma.TransactionClient): Promise<string> {
  const existing = await tx.feed.findUnique({ where: { url: WEB_PAGES_FEED_URL }, select: { id: true } });
  if (existing) return existing.id;
  // Two first shares at once: ON CONFLICT DO NOTHING makes the second wait for the first's commit and then read its row.
  await tx.feed.createMany({
    data: [{ url: WEB_PAGES_FEED_URL, kind: 'web_pages', title: WEB_PAGES_FEED_TITLE, description: 'Pages people shared from the web' }],
    skipDuplicates: true,
  });
  const created = await tx.feed.findUniqueOrThrow({ where: { url: WEB_PAGES_FEED_URL }, select: { id: true } });
  return created.id;
}
