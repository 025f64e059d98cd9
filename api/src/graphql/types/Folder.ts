import { unreadCountsByFolder } from '../../domain/articles/unreadCounts.ts';
import { listFolders } from '../../domain/subscriptions/folders.ts';
import { FOLDER_NAME_MAX } from '@tidings/shared/limits';
import { listFoldersSubscriptions } from '../../domain/subscriptions/subscriptions.ts';
import { batchedPerRequest } from '../batchedPerRequest.ts';
import { inDomainOrder } from '../loadByIds.ts';
import { builder, type SignedInContext } from '../builder.ts';
import { nodeIdFilter, ownerIdFilter } from '../nodeFilters.ts';

export const FolderNode = builder.prismaNode('Folder', {
  description: "A folder of the viewer's subscriptions.",
  id: { field: 'id' },
  // node(id:) loads only the viewer's own, as the lists do.
  findUnique: (id, context) => ({ id: nodeIdFilter(id, context), userId: ownerIdFilter(context) }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: `At most ${FOLDER_NAME_MAX} characters; unique per user.` }),
    subscriptions: t.prismaField({
      type: ['Subscription'],
      description: "The folder's subscriptions, oldest first.",
      // Every folder of the list in one domain call and one reload, not a pair of queries per folder.
      resolve: (query, folder, _args, context) => {
        const viewer = context.viewer;
        if (!viewer) return [];
        const loader = batchedPerRequest(context, `Folder.subscriptions ${JSON.stringify(query)}`, async (folderIds) => {
          const byFolder = await listFoldersSubscriptions(context.services, viewer, folderIds);
          const ids = [...byFolder.values()].flat().map((subscription) => subscription.id);
          const rows = await inDomainOrder(ids, (inIds) =>
            context.services.db.subscription.findMany({ ...query, where: { id: { in: inIds } } }),
          );
          const byId = new Map(rows.map((row) => [row.id, row]));
          return folderIds.map((id) => byFolder.get(id)!.flatMap((subscription) => byId.get(subscription.id) ?? []));
        });
        return loader.load(folder.id);
      },
    }),
    // Every subscription of the folder, as REST's _count: no filter of its own, so not a second definition.
    subscriptionCount: t.relationCount('subscriptions', { description: 'How many subscriptions it holds.' }),
    unreadCount: t.int({
      description: "The sum of its subscriptions' unread counts.",
      // Every folder of the answer in one grouped statement.
      resolve: (folder, _args, context) => {
        const viewer = context.viewer;
        if (!viewer) return 0;
        const loader = batchedPerRequest(context, 'Folder.unreadCount', async (folderIds) => {
          const counts = await unreadCountsByFolder(context.services, viewer, folderIds);
          return folderIds.map((id) => counts.get(id)!);
        });
        return loader.load(folder.id);
      },
    }),
  }),
});

builder.queryField('folders', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: ['Folder'],
    description: "The viewer's folders by name.",
    resolve: (query, _root, _args, context) => foldersOf(context, query),
  }),
);

/** The viewer's folders as the domain lists them, reloaded with a GraphQL selection. */
export async function foldersOf(context: SignedInContext, query: { select?: object; include?: object }) {
  const ids = (await listFolders(context.services, context.viewer)).map((folder) => folder.id);
  return inDomainOrder(ids, (inIds) => context.services.db.folder.findMany({ ...query, where: { id: { in: inIds } } }));
}

export const FolderNameInput = builder.inputType('FolderNameInput', {
  description: 'A folder’s name, to create or rename it.',
  fields: (t) => ({ name: t.string({ required: true, description: `Trimmed; required; at most ${FOLDER_NAME_MAX} characters.` }) }),
});
