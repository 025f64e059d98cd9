import { createFolder } from '../../domain/subscriptions/folders.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FolderNameInput } from '../types/Folder.ts';

builder.mutationField('createFolder', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Folder',
    description: 'Creates a folder.',
    errors: { types: domainErrors },
    args: {
      input: t.arg({ type: FolderNameInput, required: true, description: 'The new folder’s name, unique among the viewer’s folders.' }),
    },
    resolve: async (query, _root, { input }, context) => {
      const { id } = await createFolder(context.services, context.viewer, input);
      return context.services.db.folder.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
