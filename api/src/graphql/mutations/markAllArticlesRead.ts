import { markAllArticlesRead } from '../../domain/articles/articleState.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedNode } from '../types/Feed.ts';
import { FolderNode } from '../types/Folder.ts';

const MarkAllArticlesReadPayload = builder.objectRef<{ markedCount: number }>('MarkAllArticlesReadPayload').implement({
  description: 'How many articles were marked read.',
  fields: (t) => ({ markedCount: t.exposeInt('markedCount', { description: 'How many articles were unread and now are read.' }) }),
});

builder.mutationField('markAllArticlesRead', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: MarkAllArticlesReadPayload,
    description:
      'Marks every unread article of the viewer’s feeds read: of one feed or one folder when given, and only those published at or before beforeDate when given.',
    errors: { types: domainErrors },
    args: {
      feedId: t.arg.globalID({ for: FeedNode, description: 'Only this feed’s articles (a Feed global id); omit for every feed.' }),
      folderId: t.arg.globalID({
        for: FolderNode,
        description: 'Only the articles of the feeds in this folder (a Folder global id); omit for every feed.',
      }),
      beforeDate: t.arg({
        type: 'DateTime',
        description: 'Only articles published at or before this instant: what the list showed when it was loaded.',
      }),
    },
    resolve: (_root, args, context) =>
      markAllArticlesRead(context.services, context.viewer, {
        feedId: args.feedId?.id,
        folderId: args.folderId?.id,
        beforeDate: args.beforeDate,
      }),
  }),
);
