import { loadShareViews } from '../../domain/social/shareList.ts';
import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { shareArticle } from '../../domain/social/shares.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { MENTIONS_DESCRIPTION } from '../mentionsDescription.ts';
import { ArticleNode } from '../types/Article.ts';
import { ShareNode } from '../types/Share.ts';

const ShareArticleInput = builder.inputType('ShareArticleInput', {
  description: 'What to share, with an optional note, privately or publicly.',
  fields: (t) => ({
    articleId: t.globalID({ required: true, for: ArticleNode }),
    note: t.string({ description: `Optional, at most ${SHARE_NOTE_MAX} characters; @username mentions notify.` }),
    isPublic: t.boolean({ description: 'Also list it in the instance’s public RSS feed.' }),
    mentions: t.stringList({ description: MENTIONS_DESCRIPTION }),
  }),
});

builder.mutationField('shareArticle', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ShareNode,
    description: 'Shares an article with the viewer’s followers (and publicly if asked); sharing again updates the share.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: ShareArticleInput, required: true, description: 'The article, the note and whether it is public.' }) },
    resolve: async (_root, { input }, context) => {
      const share = await shareArticle(context.services, context.viewer, { ...input, articleId: input.articleId.id });
      const [view] = await loadShareViews(context.services, context.viewer, [share.id]);
      return view!;
    },
  }),
);
