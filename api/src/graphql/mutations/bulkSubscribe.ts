import { bulkSubscribe, BULK_SUBSCRIBE_INLINE_MAX, type BulkSubscribeAnswer } from '../../domain/discover/bulkSubscribe.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { BulkSubscribeSummaryRef } from '../types/Discover.ts';

const BulkSubscribePayload = builder.objectRef<BulkSubscribeAnswer>('BulkSubscribePayload').implement({
  description: 'Either the summary (the work is done) or the id of the job to follow with `bulkSubscribeJob`.',
  fields: (t) => ({
    summary: t.field({
      type: BulkSubscribeSummaryRef,
      nullable: true,
      resolve: (answer) => (answer.kind === 'done' ? answer.summary : null),
    }),
    jobId: t.id({ nullable: true, resolve: (answer) => (answer.kind === 'queued' ? answer.jobId : null) }),
  }),
});

builder.mutationField('bulkSubscribe', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BulkSubscribePayload,
    description: `Subscribes to many feeds; up to ${BULK_SUBSCRIBE_INLINE_MAX} are done before answering, more run as a job.`,
    errors: { types: domainErrors },
    args: { feedUrls: t.arg.stringList({ required: true }) },
    resolve: (_root, { feedUrls }, context) => bulkSubscribe(context.services, context.viewer, { feedUrls }),
  }),
);
