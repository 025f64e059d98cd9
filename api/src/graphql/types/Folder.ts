import { builder } from '../builder.ts';
import { nodeIdFilter, ownerIdFilter } from '../nodeFilters.ts';

export const FolderNode = builder.prismaNode('Folder', {
  description: "A folder of the viewer's subscriptions.",
  id: { field: 'id' },
  // node(id:) loads only the viewer's own, as the lists do.
  findUnique: (id, context) => ({ id: nodeIdFilter(id), userId: ownerIdFilter(context) }),
  nullable: true,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'At most 100 characters; unique per user.' }),
    subscriptions: t.relation('subscriptions', { query: { orderBy: { id: 'asc' } } }),
    subscriptionCount: t.relationCount('subscriptions'),
  }),
});

builder.queryField('folders', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: ['Folder'],
    description: "The viewer's folders by name.",
    resolve: (query, _root, _args, context) =>
      context.services.db.folder.findMany({ ...query, where: { userId: context.viewer.id }, orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
  }),
);

export const FolderNameInput = builder.inputType('FolderNameInput', {
  fields: (t) => ({ name: t.string({ required: true, description: 'Trimmed; required; at most 100 characters.' }) }),
});
