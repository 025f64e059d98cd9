import { refreshFeedAsAdmin } from '../../domain/admin/feeds.ts';
import { builder } from '../builder.ts';
import { globalIdOf } from '../globalIdArguments.ts';
import { domainErrors } from '../errors.ts';
import { adminFeedId } from '../types/AdminFeed.ts';

const RefreshFeedAsAdminPayload = builder.objectRef<{ id: string; title: string }>('RefreshFeedAsAdminPayload').implement({
  description: 'The feed whose fetch was queued, to say which.',
  fields: (t) => ({ title: t.exposeString('title', { description: 'The feed’s title (its public address when it has none).' }) }),
});

builder.mutationField('refreshFeedAsAdmin', (t) =>
  t.field({
    type: RefreshFeedAsAdminPayload,
    description: 'Queues a fetch of any feed of the instance now (a job; the answer does not wait for it). Administrators only.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.id({ required: true, description: 'The AdminFeed (or Feed) global id.', extensions: globalIdOf('AdminFeed', 'Feed') }),
    },
    resolve: (_root, { id }, context) => refreshFeedAsAdmin(context.services, context.viewer, adminFeedId(String(id))),
  }),
);
