import { createHash } from 'node:crypto';
import { issueContent, webVersionOf, type MailMessage } from '../../ingest/mailMessage.ts';
import { announceUnreadChanged } from '../articles/unreadCounts.ts';
import { spendAllowance, type Allowance } from '../core/rateLimits.ts';
import type { Services } from '../core/services.ts';
import { storeNewArticles } from '../refresh/storeArticles.ts';
import { folderNamed } from '../subscriptions/folders.ts';
import { assertSubscriptionRoom, startSubscription } from '../subscriptions/subscriptions.ts';
import type { Recipient } from './inboundAddresses.ts';

/** What became of a message: stored as an article of the sender's feed, or already stored (the same Message-ID). */
export type Received = { status: 'stored' | 'duplicate'; feedId: string; articleId: string };

/** The allowances of inbound mail, per sender and per recipient address, from the configuration. */
export function inboundAllowances(services: Pick<Services, 'config'>): { sender: Allowance; address: Allowance } {
  const inbound = services.config.inbound;
  const perSender = inbound?.messagesPerSenderPerHour ?? 60;
  const perAddress = inbound?.messagesPerAddressPerHour ?? 300;
  return {
    sender: { points: perSender, windowSeconds: 3600, refusal: `This sender has sent ${perSender} messages in an hour, the most taken.` },
    address: {
      points: perAddress,
      windowSeconds: 3600,
      refusal: `This address has received ${perAddress} messages in an hour, the most taken.`,
    },
  };
}

export const senderAllowanceKey = (address: string) => `inbound-sender:${address.toLowerCase()}`;
export const addressAllowanceKey = (recipient: Recipient) => `inbound-address:${recipient.key}`;

/**
 * Stores a newsletter's message for its recipient: the sender (its List-Id, else its From address) is a feed of the
 * reader's, in the "Newsletters" folder or the one the address names, made with its first message; the message is
 * an article of it (the subject its title, its HTML or text through the sanitiser), unread, under the reader's rules,
 * matched to stories, as any feed's. Counts one message against the sender's and the address's hourly allowances
 * (RateLimitedError past them, nothing stored). The same Message-ID twice is stored once.
 */
export async function receiveNewsletter(services: Services, recipient: Recipient, message: MailMessage): Promise<Received> {
  const allowances = inboundAllowances(services);
  await spendAllowance(services, addressAllowanceKey(recipient), allowances.address);
  if (message.from.address) await spendAllowance(services, senderAllowanceKey(message.from.address), allowances.sender);
  const sender = message.listId ?? (message.from.address || 'unknown-sender');
  const { content, contentText, excerpt } = issueContent(message);
  const now = new Date();
  const article = {
    guid: `mail:${message.messageId ?? createHash('sha256').update(`${message.from.address}\n${message.subject}\n${message.text}`).digest('hex')}`,
    guidIsPermaLink: false,
    url: webVersionOf(message),
    originalUrl: null,
    title: message.subject || '(no subject)',
    author: message.from.name || message.from.address || null,
    excerpt,
    content,
    contentText,
    imageUrl: null,
    enclosures: [],
    commentsUrl: null,
    publishedAt: message.date && message.date < now ? message.date : now,
    dated: message.date !== null,
  };
  const stored = await services.db.$transaction(async (tx) => {
    const feed = await tx.feed.upsert({
      where: { url: `newsletter:${recipient.userId}:${sender}` },
      create: {
        url: `newsletter:${recipient.userId}:${sender}`,
        kind: 'newsletter',
        title: message.from.name || message.from.address || sender,
        description: message.from.address ? `Newsletter from ${message.from.address}` : 'Newsletter',
        siteUrl: siteOf(message),
        lastSuccessAt: now,
      },
      update: { lastSuccessAt: now, ...(message.from.name && { title: message.from.name }) },
      select: { id: true },
    });
    const subscribed = await tx.subscription.findUnique({ where: { userId_feedId: { userId: recipient.userId, feedId: feed.id } } });
    if (!subscribed) {
      await assertSubscriptionRoom(tx, services, recipient.userId);
      await startSubscription(tx, {
        userId: recipient.userId,
        feedId: feed.id,
        folderId: await folderNamed(tx, recipient.userId, recipient.folder),
      });
    }
    const { publishedAt } = await storeNewArticles(tx, feed.id, [article]);
    const [row] = await tx.$queryRaw<{ id: string }[]>`
      UPDATE "Article" SET "unsubscribeUrl" = ${message.unsubscribeUrl} WHERE "feedId" = ${feed.id}::uuid AND guid = ${article.guid} RETURNING id`;
    return { feedId: feed.id, articleId: row!.id, isNew: publishedAt.length > 0 };
  });
  if (stored.isNew) await announceUnreadChanged(services, [recipient.userId], { feedIds: [stored.feedId] }, { articles: 1 });
  return { status: stored.isNew ? 'stored' : 'duplicate', feedId: stored.feedId, articleId: stored.articleId };
}

/** The sender's site: the List-Id's domain part when it names one, else the From address's domain. */
function siteOf(message: MailMessage): string | null {
  const domain = message.listId?.match(/([a-z0-9-]+\.[a-z0-9.-]+)$/)?.[1] ?? message.from.address.split('@')[1];
  return domain && /^[a-z0-9.-]+\.[a-z]{2,}$/.test(domain) ? `https://${domain.replace(/^(list-id|lists?)\./, '')}/` : null;
}
