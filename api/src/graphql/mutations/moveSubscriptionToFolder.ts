import { moveSubscriptionToFolder } from '../../domain/subscriptions/folders.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FeedSubscriptionNode } from '../types/FeedSubscription.ts';
import { FolderNode } from '../types/Folder.ts';

builder.mutationField('moveSubscriptionToFolder', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Subscription',
    description: 'Moves one of the viewer’s subscriptions into one of their folders.',
    errors: { types: domainErrors },
    args: {
      subscriptionId: t.arg.globalID({ required: true, for: FeedSubscriptionNode }),
      folderId: t.arg.globalID({ required: true, for: FolderNode }),
    },
    resolve: async (query, _root, args, context) => {
      const moved = await moveSubscriptionToFolder(context.services, context.viewer, args.folderId.id, {
        subscriptionId: args.subscriptionId.id,
      });
      return context.services.db.subscription.findUniqueOrThrow({ ...query, where: { id: moved.id } });
    },
  }),
);
