import { bulkSubscribe, BULK_SUBSCRIBE_INLINE_MAX } from '../../domain/subscriptions/bulkSubscribe.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { BulkSubscribePayloadRef } from '../types/BulkSubscribe.ts';

builder.mutationField('bulkSubscribe', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BulkSubscribePayloadRef,
    description: `Subscribes to many feeds; up to ${BULK_SUBSCRIBE_INLINE_MAX} are done before answering, more run as a job. A ConflictError while one of the viewer's bulk subscribes or imports still runs.`,
    errors: { types: domainErrors },
    args: {
      feedUrls: t.arg.stringList({
        required: true,
        description: 'Feed addresses (http or https), in the order to subscribe; one named twice is skipped the second time.',
      }),
    },
    resolve: (_root, { feedUrls }, context) => bulkSubscribe(context.services, context.viewer, { feedUrls }),
  }),
);
