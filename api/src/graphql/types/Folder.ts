import { listFolders } from '../../domain/folders.ts';
import { FOLDER_NAME_MAX } from '../../domain/limits.ts';
import { listSubscriptions } from '../../domain/subscriptions.ts';
import { inDomainOrder } from '../loadByIds.ts';
import { builder } from '../builder.ts';
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
      resolve: async (query, folder, _args, context) => {
        const viewer = context.viewer;
        if (!viewer) return [];
        const ids = (await listSubscriptions(context.services, viewer, { folderId: folder.id })).map((s) => s.id);
        return inDomainOrder(ids, (inIds) => context.services.db.subscription.findMany({ ...query, where: { id: { in: inIds } } }));
      },
    }),
    // Every subscription of the folder, as REST's _count: no filter of its own, so not a second definition.
    subscriptionCount: t.relationCount('subscriptions'),
  }),
});

builder.queryField('folders', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: ['Folder'],
    description: "The viewer's folders by name.",
    resolve: async (query, _root, _args, context) => {
      const ids = (await listFolders(context.services, context.viewer)).map((folder) => folder.id);
      return inDomainOrder(ids, (inIds) => context.services.db.folder.findMany({ ...query, where: { id: { in: inIds } } }));
    },
  }),
);

export const FolderNameInput = builder.inputType('FolderNameInput', {
  fields: (t) => ({ name: t.string({ required: true, description: `Trimmed; required; at most ${FOLDER_NAME_MAX} characters.` }) }),
});
