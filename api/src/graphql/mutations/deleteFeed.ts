import { encodeGlobalID } from '@pothos/plugin-relay';
import { deleteFeed } from '../../domain/admin/feeds.ts';
import { builder } from '../builder.ts';
import { globalIdOf } from '../globalIdArguments.ts';
import { domainErrors } from '../errors.ts';
import { adminFeedId } from '../types/AdminFeed.ts';

const DeleteFeedPayload = builder.objectRef<{ id: string; title: string }>('DeleteFeedPayload').implement({
  description: 'The deleted feed: its id, to take it out of the table, and its title, to say which.',
  fields: (t) => ({
    deletedFeedId: t.id({
      description: 'The AdminFeed global id of the deleted feed.',
      resolve: (feed) => encodeGlobalID('AdminFeed', feed.id),
    }),
    title: t.exposeString('title', { description: 'The feed’s title (its public address when it has none).' }),
  }),
});

builder.mutationField('deleteFeed', (t) =>
  t.field({
    type: DeleteFeedPayload,
    description:
      'Deletes a feed with all its articles and subscriptions, and the likes, stars, shares and comments on those articles. Administrators only.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.id({ required: true, description: 'The AdminFeed (or Feed) global id.', extensions: globalIdOf('AdminFeed', 'Feed') }),
    },
    resolve: (_root, { id }, context) => deleteFeed(context.services, context.viewer, adminFeedId(String(id))),
  }),
);
