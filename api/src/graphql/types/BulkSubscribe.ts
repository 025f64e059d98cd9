import {
  bulkSubscribeProgress,
  type BulkFailure,
  type BulkSubscribeAnswer,
  type BulkSubscribeProgress,
  type BulkSubscribeSummary,
} from '../../domain/subscriptions/bulkSubscribe.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

const BulkFailureRef = builder.objectRef<BulkFailure>('BulkSubscribeFailure').implement({
  fields: (t) => ({ url: t.exposeString('url'), error: t.exposeString('error') }),
});

const BulkSubscribeSummaryRef = builder.objectRef<BulkSubscribeSummary>('BulkSubscribeSummary').implement({
  description: 'How a bulk subscribe went: new subscriptions, addresses already followed (or named twice), and failures.',
  fields: (t) => ({
    subscribed: t.exposeInt('subscribed'),
    skipped: t.exposeInt('skipped'),
    errors: t.exposeInt('errors'),
    failures: t.field({ type: [BulkFailureRef], resolve: (summary) => summary.failures }),
  }),
});

export const BulkSubscribeJobRef = builder.objectRef<BulkSubscribeProgress>('BulkSubscribeJob').implement({
  description: 'A bulk subscribe running as a job; poll it until `done`.',
  fields: (t) => ({
    jobId: t.exposeID('id'),
    done: t.exposeBoolean('done'),
    total: t.exposeInt('total'),
    subscribed: t.exposeInt('subscribed'),
    skipped: t.exposeInt('skipped'),
    errors: t.exposeInt('errors'),
    failures: t.field({ type: [BulkFailureRef], resolve: (job) => job.failures }),
    error: t.exposeString('error', {
      nullable: true,
      description:
        'Why the job stopped before trying every address ("Stopped after 30 minutes: …", or its last attempt failed); null otherwise.',
    }),
  }),
});

export const BulkSubscribePayloadRef = builder.objectRef<BulkSubscribeAnswer>('BulkSubscribePayload').implement({
  description: 'Either the summary (the work is done) or the id of the job to follow with `bulkSubscribeJob` (Discover, OPML import).',
  fields: (t) => ({
    summary: t.field({
      type: BulkSubscribeSummaryRef,
      nullable: true,
      resolve: (answer) => (answer.kind === 'done' ? answer.summary : null),
    }),
    jobId: t.id({ nullable: true, resolve: (answer) => (answer.kind === 'queued' ? answer.jobId : null) }),
  }),
});

builder.queryField('bulkSubscribeJob', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BulkSubscribeJobRef,
    description: "The progress of one of the viewer's bulk subscribes.",
    errors: { types: domainErrors },
    args: { jobId: t.arg.id({ required: true }) },
    resolve: (_root, { jobId }, context) => bulkSubscribeProgress(context.services, context.viewer, jobId),
  }),
);
