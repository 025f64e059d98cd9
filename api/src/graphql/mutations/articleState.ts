import {
  likeArticle,
  markArticleRead,
  markArticleUnread,
  starArticle,
  unlikeArticle,
  unstarArticle,
} from '../../domain/articles/articleState.ts';
import type { ArticleView } from '../../domain/articles/articleView.ts';
import type { Services, Viewer } from '../../domain/core/services.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ArticleNode } from '../types/Article.ts';

// The viewer's own state of one article. Each change is idempotent and answers the article as it now is.
const stateChanges: [
  name: string,
  change: (services: Services, viewer: Viewer, id: unknown) => Promise<ArticleView>,
  description: string,
][] = [
  ['markArticleRead', markArticleRead, 'Marks an article read.'],
  ['markArticleUnread', markArticleUnread, 'Marks an article of one of the viewer’s feeds unread again.'],
  ['likeArticle', likeArticle, 'Likes an article.'],
  ['unlikeArticle', unlikeArticle, 'Takes back a like.'],
  ['starArticle', starArticle, 'Stars an article.'],
  ['unstarArticle', unstarArticle, 'Takes off a star.'],
];

for (const [name, change, description] of stateChanges) {
  builder.mutationField(name, (t) =>
    t.withAuth({ signedIn: true }).field({
      type: ArticleNode,
      description,
      errors: { types: domainErrors },
      args: { id: t.arg.globalID({ required: true, for: ArticleNode }) },
      resolve: (_root, { id }, context) => change(context.services, context.viewer, id.id),
    }),
  );
}
