import { randomBytes } from 'node:crypto';
import type { Services, Viewer } from '../core/services.ts';

/** A replaced address still takes mail this long, so newsletters sent to it meanwhile are not lost. */
export const GRACE_DAYS = 7;

/** The folder a sender's feed goes into, unless the address names another (`<key>+<folder>@…`). */
export const NEWSLETTERS_FOLDER = 'Newsletters';

// 16 characters of a-z and 2-7 (80 random bits): nothing of the username, and no letters a mail system may fold.
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function newKey(): string {
  return [...randomBytes(16)].map((byte) => BASE32[byte & 31]).join('');
}

/** The viewer's newsletter address, and the one it replaced while that still takes mail. */
export type NewsletterAddress = { address: string; previous: { address: string; expiresAt: Date } | null };

/** The viewer's address (made on first asking); null when the instance receives no mail (INBOUND_DOMAIN unset). */
export async function newsletterAddress(services: Pick<Services, 'db' | 'config'>, viewer: Viewer): Promise<NewsletterAddress | null> {
  const domain = services.config.inbound?.domain;
  if (!domain) return null;
  const keys = await services.db.inboundAddress.findMany({
    where: { userId: viewer.id, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    orderBy: { createdAt: 'desc' },
  });
  const current =
    keys.find((key) => key.expiresAt === null) ?? (await services.db.inboundAddress.create({ data: { key: newKey(), userId: viewer.id } }));
  const previous = keys.find((key) => key.expiresAt !== null);
  return {
    address: `${current.key}@${domain}`,
    previous: previous ? { address: `${previous.key}@${domain}`, expiresAt: previous.expiresAt! } : null,
  };
}

/**
 * Gives the viewer a new address: the current one takes mail for GRACE_DAYS more, then is refused like an unknown
 * one (an older replaced one stops at once). For a leaked address that senders abuse.
 */
export async function regenerateNewsletterAddress(
  services: Pick<Services, 'db' | 'config'>,
  viewer: Viewer,
): Promise<NewsletterAddress | null> {
  if (!services.config.inbound) return null;
  const now = new Date();
  await services.db.$transaction([
    services.db.inboundAddress.updateMany({ where: { userId: viewer.id, expiresAt: { gt: now } }, data: { expiresAt: now } }),
    services.db.inboundAddress.updateMany({
      where: { userId: viewer.id, expiresAt: null },
      data: { expiresAt: new Date(now.getTime() + GRACE_DAYS * 24 * 3600 * 1000) },
    }),
    services.db.inboundAddress.create({ data: { key: newKey(), userId: viewer.id } }),
  ]);
  return newsletterAddress(services, viewer);
}

/** Whom mail to `recipient` is for: the reader and the folder their sender's feed goes into; null for anyone else. */
export type Recipient = { userId: string; key: string; folder: string };

/**
 * Reads a recipient address: `<key>@<INBOUND_DOMAIN>` or `<key>+<folder>@…` (any case), whose key is current or in
 * its grace period. Anything else (another domain, an unknown or expired key) is null: mail to it is refused.
 */
export async function findRecipient(services: Pick<Services, 'db' | 'config'>, recipient: string): Promise<Recipient | null> {
  const domain = services.config.inbound?.domain;
  const match = /^([a-z2-7]{16})(?:\+([^@\s]{1,100}))?@([^@\s]+)$/i.exec(recipient.trim());
  if (!domain || !match || match[3]!.toLowerCase() !== domain) return null;
  const key = match[1]!.toLowerCase();
  const found = await services.db.inboundAddress.findFirst({
    where: { key, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    select: { userId: true },
  });
  return found ? { userId: found.userId, key, folder: folderName(match[2]) } : null;
}

function folderName(alias: string | undefined): string {
  const name = alias
    ?.replace(/[^\p{L}\p{N} _.-]/gu, ' ')
    .trim()
    .slice(0, 100);
  return name || NEWSLETTERS_FOLDER;
}
