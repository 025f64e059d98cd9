import { encodeGlobalID } from '@pothos/plugin-relay';
import { deleteDigest } from '../../domain/digests/digests.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { DigestNode } from '../types/Digest.ts';

const DeleteDigestPayload = builder.objectRef<{ deletedDigestId: string }>('DeleteDigestPayload').implement({
  description: 'The deleted digest’s id, to take it out of lists.',
  fields: (t) => ({ deletedDigestId: t.exposeID('deletedDigestId', { description: 'Global id of the deleted digest.' }) }),
});

builder.mutationField('deleteDigest', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: DeleteDigestPayload,
    description: "Deletes one of the viewer's digests; another user's is not found.",
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: DigestNode }) },
    resolve: async (_root, { id }, context) => {
      await deleteDigest(context.services, context.viewer, id.id);
      return { deletedDigestId: encodeGlobalID('Digest', id.id) };
    },
  }),
);
