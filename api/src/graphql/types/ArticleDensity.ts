import { ARTICLE_DENSITIES } from '../../domain/articles/articleDensity.ts';
import { builder } from '../builder.ts';

export const ArticleDensityEnum = builder.enumType('ArticleDensity', {
  description: 'How the article list draws its rows: cards with excerpt and picture, or one compact line per article.',
  values: {
    cards: { value: 'cards', description: 'A card per article, with its excerpt and picture.' },
    compact: { value: 'compact', description: 'One line per article: more of them on a screen.' },
  } satisfies Record<(typeof ARTICLE_DENSITIES)[number], { value: (typeof ARTICLE_DENSITIES)[number]; description: string }>,
});

builder.prismaObjectField('User', 'articleDensity', (t) =>
  t.field({
    type: ArticleDensityEnum,
    nullable: true,
    description: 'The density of the user’s article list: only for the user themself (null for anyone else).',
    select: { articleDensity: true },
    resolve: (user, _args, context) => (context.viewer?.id === user.id ? user.articleDensity : null),
  }),
);
