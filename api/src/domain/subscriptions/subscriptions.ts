import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.ts';
import { addFeedToReadingList, removeFeedFromReadingList } from '../articles/readingList.ts';
import { announceUnreadChanged } from '../articles/unreadCounts.ts';
import { applyRulesToNewSubscription } from '../rules/applyRules.ts';
import { applyFullTextSettings, fullTextSettingsFields } from '../fullText/fullTextSettings.ts';
import { InvalidInputError, NotFoundError, parseInput } from '../core/errors.ts';
import { uuid } from '../core/fields.ts';
import { SUBSCRIPTION_TITLE_MAX } from '@tidings/shared/limits';
import type { Services, Viewer } from '../core/services.ts';

/** What every subscription answer carries: the feed's public facts and its health. */
export const subscriptionInclude = {
  feed: {
    select: {
      id: true,
      kind: true,
      url: true,
      title: true,
      description: true,
      siteUrl: true,
      fetchError: true,
      lastFetchedAt: true,
      lastSuccessAt: true,
      sendsExcerpts: true,
      fullTextSelector: true,
      fullTextRemove: true,
    },
  },
} satisfies Prisma.SubscriptionInclude;

export type SubscriptionWithFeed = Prisma.SubscriptionGetPayload<{ include: typeof subscriptionInclude }>;

const title = z
  .string({ error: 'Title must be text' })
  .trim()
  .max(SUBSCRIPTION_TITLE_MAX, `Title must be at most ${SUBSCRIPTION_TITLE_MAX} characters`)
  .nullish()
  .transform((text) => text || null);

const renameInput = z.object({ title });

// Left out, a field keeps its value; a title of null or blank goes back to the feed's.
const updateInput = z.strictObject({ title: title.optional(), ...fullTextSettingsFields });

const listInput = z.object({
  // A folder's id, or null for the subscriptions in no folder; left out, all of them.
  folderId: z.union([uuid, z.null()]).optional(),
});

/**
 * The viewer's subscriptions, oldest first, each with its feed: all of them, or those in one folder
 * (`folderId`), or those in none (`folderId: null`). Unbounded on purpose: OPML imports cap how many one user has.
 */
export function listSubscriptions(services: Services, viewer: Viewer, input?: unknown): Promise<SubscriptionWithFeed[]> {
  const { folderId } = parseInput(listInput, input ?? {});
  return services.db.subscription.findMany({
    where: { userId: viewer.id, ...(folderId !== undefined && { folderId }) },
    include: subscriptionInclude,
    orderBy: { id: 'asc' },
  });
}

/**
 * The viewer's subscriptions in each of these folders, oldest first, in one query: the folder list asks for every
 * folder's subscriptions at once. A folder that is not the viewer's has none.
 */
export async function listFoldersSubscriptions(services: Services, viewer: Viewer, folderIds: readonly string[]) {
  const ids = parseInput(z.array(uuid), folderIds);
  const subscriptions = await services.db.subscription.findMany({
    where: { userId: viewer.id, folderId: { in: ids } },
    include: subscriptionInclude,
    orderBy: { id: 'asc' },
  });
  return new Map(ids.map((id) => [id, subscriptions.filter((subscription) => subscription.folderId === id)]));
}

/** One of the viewer's subscriptions, or 'not found' (another user's subscription is not found either). */
export async function findOwnSubscription(services: Services, viewer: Viewer, subscriptionId: unknown): Promise<SubscriptionWithFeed> {
  const id = uuid.safeParse(subscriptionId);
  const subscription = id.success
    ? await services.db.subscription.findFirst({ where: { id: id.data, userId: viewer.id }, include: subscriptionInclude })
    : null;
  if (!subscription) throw new NotFoundError('Subscription not found');
  return subscription;
}

/** Sets the viewer's own title for a subscription; blank goes back to the feed's title. */
export async function renameSubscription(services: Services, viewer: Viewer, subscriptionId: unknown, input: unknown) {
  const { title } = parseInput(renameInput, input);
  const subscription = await findOwnSubscription(services, viewer, subscriptionId);
  return services.db.subscription.update({ where: { id: subscription.id }, data: { title }, include: subscriptionInclude });
}

/**
 * Changes the settings of one of the viewer's subscriptions given in `input` (title, full articles and the feed's site
 * rules), all or none: every field is checked before anything is written.
 */
export async function updateSubscription(services: Services, viewer: Viewer, subscriptionId: unknown, input: unknown) {
  const { title: newTitle, ...fullText } = parseInput(updateInput, input ?? {});
  const subscription = await findOwnSubscription(services, viewer, subscriptionId);
  return services.db.$transaction(async (tx) => {
    if (newTitle !== undefined) await tx.subscription.update({ where: { id: subscription.id }, data: { title: newTitle } });
    await applyFullTextSettings(tx, services, subscription, fullText);
    return tx.subscription.findUniqueOrThrow({ where: { id: subscription.id }, include: subscriptionInclude });
  });
}

const muteInput = z.strictObject({ muted: z.boolean({ error: 'muted must be true or false' }) });

/**
 * Mutes or unmutes one of the viewer's subscriptions: a muted feed stays subscribed and keeps its own list and count,
 * but leaves everything, its folder's list and the counts of both (articleListSql.ts, unreadCounts.ts).
 */
export async function setSubscriptionMuted(services: Services, viewer: Viewer, subscriptionId: unknown, input: unknown) {
  const { muted } = parseInput(muteInput, input);
  const subscription = await findOwnSubscription(services, viewer, subscriptionId);
  const changed = await services.db.subscription.update({ where: { id: subscription.id }, data: { muted }, include: subscriptionInclude });
  if (subscription.muted !== muted) await announceUnreadChanged(services, [viewer.id], { feedIds: [subscription.feedId] });
  return changed;
}

/** Ends one of the viewer's subscriptions. The feed and its articles stay for other subscribers and shares. */
export async function unsubscribe(services: Services, viewer: Viewer, subscriptionId: unknown) {
  const subscription = await findOwnSubscription(services, viewer, subscriptionId);
  await services.db.$transaction(async (tx) => {
    await tx.subscription.delete({ where: { id: subscription.id } });
    await removeFeedFromReadingList(tx, viewer.id, subscription.feedId);
  });
  // The subscription's own count is gone with it; its folder's moved.
  if (subscription.folderId) await announceUnreadChanged(services, [viewer.id], { leftFolderIds: [subscription.folderId] });
  return subscription;
}

/** Refuses (400) when the user's subscriptions and `adding` more would be over the instance's cap. */
export async function assertSubscriptionRoom(db: Prisma.TransactionClient, services: Services, userId: string, adding = 1) {
  const cap = services.config.maxSubscriptionsPerUser;
  const held = await db.subscription.count({ where: { userId } });
  if (held + adding > cap) {
    throw new InvalidInputError(
      adding === 1
        ? `You can follow at most ${cap} feeds; unsubscribe from some first`
        : `This import would bring you to ${held + adding} feeds; you can follow at most ${cap}`,
    );
  }
}

/**
 * Starts a subscription, with the feed's articles unread in the subscriber's list, less what the subscriber's rules
 * hide or mark read. Call it inside a transaction.
 */
export async function startSubscription(tx: Prisma.TransactionClient, data: { userId: string; feedId: string; folderId?: string | null }) {
  const subscription = await tx.subscription.create({ data, include: subscriptionInclude });
  await addFeedToReadingList(tx, data.userId, data.feedId);
  await applyRulesToNewSubscription(tx, data.userId, data.feedId);
  return subscription;
}

/** The title a subscriber sees: their own, else the feed's, else its address. */
export function displayTitle(subscription: { title: string | null; feed: { title: string; url: string } }): string {
  return subscription.title ?? (subscription.feed.title || subscription.feed.url);
}
