import { createHash } from 'node:crypto';
import { getPublicInstance } from '../instance/instanceConfig.ts';
import type { Services } from '../core/services.ts';
import { publicFeedAddress } from '../access/feedAddress.ts';
import { escapeHtml } from '../../ingest/escapeHtml.ts';
import { rssText, xmlText } from '../core/markup.ts';
import { visibleSharesWhere } from '../access/shareVisibility.ts';
import { getUser } from './users.ts';

export const PUBLIC_FEED_ITEMS = 50;

/** Where the RSS feed of public shares is: the instance's, or with `userId` one person's. Anyone may read it. */
export function publicSharesFeedUrl(config: Services['config'], userId?: string): string {
  const address = `${config.publicUrl.replace(/\/$/, '')}/api/public/rss`;
  return userId ? `${address}?user=${encodeURIComponent(userId)}` : address;
}

/**
 * The instance's public shares as an RSS 2.0 document (newest first, at most PUBLIC_FEED_ITEMS), with an ETag
 * that changes whenever the items do; with `userId`, only that person's ('User not found' for an id that names no
 * one). Private shares never appear. Titled with the instance's name (and the person's), and described by the
 * instance's description when it has one.
 */
export async function publicSharesFeed(services: Services, userId?: unknown): Promise<{ xml: string; etag: string }> {
  const instance = await getPublicInstance(services);
  const person = userId === undefined ? null : await getUser(services, userId);
  const shares = await services.db.share.findMany({
    where: { ...visibleSharesWhere(null), ...(person && { userId: person.id }) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: PUBLIC_FEED_ITEMS,
    select: {
      id: true,
      note: true,
      quote: true,
      createdAt: true,
      updatedAt: true,
      user: { select: { username: true, displayName: true } },
      article: { select: { id: true, title: true, url: true, feed: { select: { title: true, url: true, kind: true } } } },
    },
  });
  const site = services.config.publicUrl.replace(/\/$/, '');
  // Titles and names are plain text (rssText); the description is HTML, its note and quote escaped as HTML text, then
  // the whole escaped for XML. Addresses are only XML-escaped.
  const items = shares.map((share) => {
    const sharer = sharerName(share.user);
    const link = share.article.url ?? `${site}/article/${share.article.id}`;
    const feedAddress = publicFeedAddress(share.article.feed.url);
    const said = share.note ? `${sharer}: “${share.note}”` : `Shared by ${sharer}`;
    // A quote is a blockquote of the passage, escaped as text like the note below it.
    const description = share.quote ? `<blockquote>${escapeHtml(share.quote)}</blockquote><p>${escapeHtml(said)}</p>` : escapeHtml(said);
    return [
      '<item>',
      `<title>${rssText(share.article.title || link)}</title>`,
      `<link>${xmlText(link)}</link>`,
      `<description>${xmlText(description)}</description>`,
      `<dc:creator>${rssText(sharer)}</dc:creator>`,
      // A page shared from the web comes from no feed: the web pages feed has no address to name.
      share.article.feed.kind === 'feed'
        ? `<source url="${xmlText(feedAddress)}">${rssText(share.article.feed.title || feedAddress)}</source>`
        : '',
      `<guid isPermaLink="false">tidings-share-${share.id}</guid>`,
      `<pubDate>${share.createdAt.toUTCString()}</pubDate>`,
      '</item>',
    ].join('');
  });
  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${rssText(person ? `${instance.name}: public shares of ${sharerName(person)}` : `${instance.name}: public shares`)}</title>`,
    `<link>${xmlText(site)}/</link>`,
    `<description>${rssText(
      person
        ? `Articles ${sharerName(person)} shared publicly on ${instance.name}, with their notes.`
        : instance.description || `Articles the people of ${instance.name} shared publicly, with their notes.`,
    )}</description>`,
    `<atom:link href="${xmlText(publicSharesFeedUrl(services.config, person?.id))}" rel="self" type="application/rss+xml"/>`,
    shares[0] ? `<lastBuildDate>${shares[0].updatedAt.toUTCString()}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
  // A digest of the document itself, so it changes with anything an item shows (a sharer's new name too).
  const etag = `"${createHash('sha256').update(xml).digest('base64url').slice(0, 27)}"`;
  return { xml, etag };
}

/** 'Ada (@ada)', or '@ada' without a display name. */
function sharerName(user: { username: string; displayName: string | null }): string {
  return user.displayName ? `${user.displayName} (@${user.username})` : `@${user.username}`;
}
