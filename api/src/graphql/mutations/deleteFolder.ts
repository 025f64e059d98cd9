import { encodeGlobalID } from '@pothos/plugin-relay';
import { deleteFolder } from '../../domain/subscriptions/folders.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FolderNode } from '../types/Folder.ts';

const DeleteFolderPayload = builder.objectRef<{ deletedFolderId: string }>('DeleteFolderPayload').implement({
  description: 'The deleted folder’s id, to take it out of the sidebar.',
  fields: (t) => ({ deletedFolderId: t.exposeID('deletedFolderId', { description: 'Global id of the deleted folder.' }) }),
});

builder.mutationField('deleteFolder', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: DeleteFolderPayload,
    description: 'Deletes one of the viewer’s folders; its subscriptions move to the root.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: FolderNode }) },
    resolve: async (_root, { id }, context) => {
      await deleteFolder(context.services, context.viewer, id.id);
      return { deletedFolderId: encodeGlobalID('Folder', id.id) };
    },
  }),
);
