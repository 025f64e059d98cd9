import { generateFirstDigest } from '../../domain/digests/digests.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

builder.mutationField('generateFirstDigest', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Digest',
    description: 'Makes the viewer’s first digest now, when firstDigestStatus.canGenerate is true; refused otherwise.',
    errors: { types: domainErrors },
    resolve: async (query, _root, _args, context) => {
      const { id } = await generateFirstDigest(context.services, context.viewer);
      return context.services.db.digest.findUniqueOrThrow({ ...query, where: { id } });
    },
  }),
);
