import { z } from 'zod';
import { Prisma } from '../../generated/prisma/client.ts';
import { uuidv7 } from '../../db/uuidv7.ts';
import { ConflictError, NotFoundError, parseInput } from '../core/errors.ts';
import { requiredText, uuid } from '../core/fields.ts';
import { FOLDER_NAME_MAX } from '@tidings/shared/limits';
import { withUnreadCounts } from '../articles/unreadCounts.ts';
import { changeRules } from '../filters/filterRules.ts';
import { listSubscriptions, subscriptionInclude } from './subscriptions.ts';
import type { Services, Viewer } from '../core/services.ts';

const folderInput = z.object({
  name: requiredText('Folder name')
    .trim()
    .min(1, 'Folder name is required')
    .max(FOLDER_NAME_MAX, `Folder name must be at most ${FOLDER_NAME_MAX} characters`),
});
const subscriptionRef = z.object({ subscriptionId: requiredText('subscriptionId') });

const folderNotFound = () => new NotFoundError('Folder not found');
const subscriptionNotFound = () => new NotFoundError('Subscription not found');

/** The viewer's folders by name, then id (two folders cannot share a name, so the id only makes it total). */
export function listFolders(services: Services, viewer: Viewer) {
  return services.db.folder.findMany({ where: { userId: viewer.id }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

/**
 * The viewer's folder tree: their folders (`listFolders`) with their subscriptions, and the subscriptions in no
 * folder, each list in `listSubscriptions`' order, with unread counts (a folder's is the sum of its subscriptions' but the muted ones').
 */
export async function listFolderTree(services: Services, viewer: Viewer) {
  const [folders, listed] = await Promise.all([listFolders(services, viewer), listSubscriptions(services, viewer)]);
  const subscriptions = await withUnreadCounts(services, viewer, listed);
  const folderTree = (folder: (typeof folders)[number]) => {
    const inFolder = subscriptions.filter((subscription) => subscription.folderId === folder.id);
    const counted = inFolder.filter((subscription) => !subscription.muted);
    return { ...folder, subscriptions: inFolder, unreadCount: counted.reduce((sum, subscription) => sum + subscription.unreadCount, 0) };
  };
  return {
    folders: folders.map(folderTree),
    rootFeeds: subscriptions.filter((subscription) => subscription.folderId === null),
  };
}

/** One of the viewer's folders, or 'not found' (another user's folder is not found either). */
export async function findOwnFolder(services: Services, viewer: Viewer, folderId: unknown) {
  const id = uuid.safeParse(folderId);
  const folder = id.success ? await services.db.folder.findFirst({ where: { id: id.data, userId: viewer.id } }) : null;
  if (!folder) throw folderNotFound();
  return folder;
}

async function findOwnSubscriptionId(services: Services, viewer: Viewer, subscriptionId: string): Promise<string> {
  const id = uuid.safeParse(subscriptionId);
  const subscription = id.success
    ? await services.db.subscription.findFirst({ where: { id: id.data, userId: viewer.id }, select: { id: true } })
    : null;
  if (!subscription) throw subscriptionNotFound();
  return subscription.id;
}

function conflictOnDuplicateName(error: unknown): never {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
    throw new ConflictError('A folder with this name already exists');
  }
  throw error;
}

/** Creates a folder; the name is trimmed, required, at most 100 characters and unique for the viewer. */
export async function createFolder(services: Services, viewer: Viewer, input: unknown) {
  const { name } = parseInput(folderInput, input);
  return services.db.folder.create({ data: { userId: viewer.id, name } }).catch(conflictOnDuplicateName);
}

/**
 * The id of the user's folder of this name, made now when there is none. One statement, so two subscriptions into a
 * new folder at once (an OPML import's) make it once; inside a transaction that then fails, a folder it made goes too.
 */
export async function folderNamed(tx: Prisma.TransactionClient, userId: string, name: string): Promise<string> {
  const [folder] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Folder" ("id", "userId", "name") VALUES (${uuidv7()}::uuid, ${userId}::uuid, ${name})
    ON CONFLICT ("userId", "name") DO UPDATE SET "name" = EXCLUDED."name"
    RETURNING "id"`;
  return folder!.id;
}

/** Renames one of the viewer's folders, under the same rules as creating one. */
export async function renameFolder(services: Services, viewer: Viewer, folderId: unknown, input: unknown) {
  const { name } = parseInput(folderInput, input);
  const folder = await findOwnFolder(services, viewer, folderId);
  return services.db.folder.update({ where: { id: folder.id }, data: { name } }).catch(conflictOnDuplicateName);
}

/**
 * Deletes one of the viewer's folders; its subscriptions move to the root (the foreign key sets them null) and its
 * rules go with it (what they hid shows again).
 */
export async function deleteFolder(services: Services, viewer: Viewer, folderId: unknown) {
  const folder = await findOwnFolder(services, viewer, folderId);
  return changeRules(services, viewer, async (tx) => {
    const feedIds = (await tx.subscription.findMany({ where: { folderId: folder.id }, select: { feedId: true } })).map((s) => s.feedId);
    await tx.folder.delete({ where: { id: folder.id } });
    return { result: folder, feedIds };
  });
}

/** Files a subscription in a folder (or none): the folders' rules now cover it or no longer do. */
function refile(services: Services, viewer: Viewer, id: string, folderId: string | null) {
  return changeRules(services, viewer, async (tx) => {
    const subscription = await tx.subscription.update({ where: { id }, data: { folderId }, include: subscriptionInclude });
    return { result: subscription, feedIds: [subscription.feedId] };
  });
}

/** Moves one of the viewer's subscriptions into one of their folders. */
export async function moveSubscriptionToFolder(services: Services, viewer: Viewer, folderId: unknown, input: unknown) {
  const { subscriptionId } = parseInput(subscriptionRef, input);
  const folder = await findOwnFolder(services, viewer, folderId);
  const id = await findOwnSubscriptionId(services, viewer, subscriptionId);
  return refile(services, viewer, id, folder.id);
}

/** Takes one of the viewer's subscriptions out of its folder, to the root. */
export async function removeSubscriptionFromFolder(services: Services, viewer: Viewer, input: unknown) {
  const { subscriptionId } = parseInput(subscriptionRef, input);
  const id = await findOwnSubscriptionId(services, viewer, subscriptionId);
  return refile(services, viewer, id, null);
}
