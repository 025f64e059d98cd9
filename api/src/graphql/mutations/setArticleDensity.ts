import { setArticleDensity } from '../../domain/articles/articleDensity.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ArticleDensityEnum } from '../types/ArticleDensity.ts';

builder.mutationField('setArticleDensity', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'User',
    description:
      "Keeps the density of the viewer's article list; answers the viewer, whose articleDensity carries it. Not with an API token.",
    errors: { types: domainErrors },
    args: { density: t.arg({ type: ArticleDensityEnum, required: true, description: 'Cards or compact.' }) },
    resolve: async (query, _root, { density }, context) => {
      await setArticleDensity(context.services, context.viewer, { density });
      return context.services.db.user.findUniqueOrThrow({ ...query, where: { id: context.viewer.id } });
    },
  }),
);
