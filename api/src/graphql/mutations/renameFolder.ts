import { renameFolder } from '../../domain/subscriptions/folders.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FolderNameInput, FolderNode } from '../types/Folder.ts';

builder.mutationField('renameFolder', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Folder',
    description: 'Renames one of the viewer’s folders.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: FolderNode }),
      input: t.arg({ type: FolderNameInput, required: true, description: 'The new name.' }),
    },
    resolve: async (query, _root, { id, input }, context) => {
      const folder = await renameFolder(context.services, context.viewer, id.id, input);
      return context.services.db.folder.findUniqueOrThrow({ ...query, where: { id: folder.id } });
    },
  }),
);
