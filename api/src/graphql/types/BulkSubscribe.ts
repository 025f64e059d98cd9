import {
  bulkSubscribeProgress,
  type BulkFailure,
  type BulkFeedOutcome,
  type BulkSubscribeAnswer,
  type BulkSubscribeProgress,
  type BulkSubscribeSummary,
} from '../../domain/subscriptions/bulkSubscribe.ts';
import { opmlImportReport } from '../../domain/subscriptions/opml.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

const BulkFailureRef = builder.objectRef<BulkFailure>('BulkSubscribeFailure').implement({
  description: 'An address that could not be subscribed to, and why.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The address as given (normalised when it was a valid one).' }),
    error: t.exposeString('error', { description: "The subscribe error's message." }),
  }),
});

const BulkFeedOutcomeEnum = builder.enumType('BulkSubscribeOutcome', {
  description: 'What became of one address of a bulk subscribe or OPML import.',
  values: {
    added: { description: 'Subscribed now.' },
    skipped: { description: 'Already followed, or named again later in the same list.' },
    failed: { description: 'Not subscribed: the address is not valid, or the feed could not be fetched or read.' },
  } as const,
});

const BulkFeedRef = builder.objectRef<BulkFeedOutcome>('BulkSubscribeFeed').implement({
  description: 'One address of a bulk subscribe or OPML import, and what became of it.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The address as given (normalised when it was a valid one).' }),
    outcome: t.field({ type: BulkFeedOutcomeEnum, description: 'Added, skipped or failed.', resolve: (feed) => feed.outcome }),
    reason: t.exposeString('reason', {
      nullable: true,
      description: "Why it was skipped or failed, in the subscribe error's words ('Already subscribed to this feed'); null when added.",
    }),
  }),
});

const BulkSubscribeSummaryRef = builder.objectRef<BulkSubscribeSummary>('BulkSubscribeSummary').implement({
  description: 'How a bulk subscribe went: new subscriptions, addresses already followed (or named twice), and failures.',
  fields: (t) => ({
    subscribed: t.exposeInt('subscribed', { description: 'Addresses subscribed to now.' }),
    skipped: t.exposeInt('skipped', { description: 'Addresses already followed, or named twice.' }),
    errors: t.exposeInt('errors', { description: 'Addresses that failed; `failures` says why.' }),
    failures: t.field({
      type: [BulkFailureRef],
      description: 'Each failed address and why, in the order given.',
      resolve: (summary) => summary.failures,
    }),
    feeds: t.field({
      type: [BulkFeedRef],
      description: 'Every address, in the order given, with what became of it.',
      resolve: (summary) => summary.feeds,
    }),
  }),
});

export const BulkSubscribeJobRef = builder.objectRef<BulkSubscribeProgress>('BulkSubscribeJob').implement({
  description:
    'A bulk subscribe running as a job (poll it until `done`), or an OPML import of any size, kept as its report until its owner dismisses it.',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The same as `jobId`: the record, for clients that keep records by id.' }),
    jobId: t.exposeID('id', {
      description: 'The job’s id, for `bulkSubscribeJob(jobId:)` and `dismissOpmlImport` (a plain id, not a global one).',
    }),
    done: t.exposeBoolean('done', { description: 'Whether every address has been handled (or the job stopped: see `error`).' }),
    total: t.exposeInt('total', { description: 'Addresses in the list.' }),
    subscribed: t.exposeInt('subscribed', { description: 'Addresses subscribed to so far.' }),
    skipped: t.exposeInt('skipped', { description: 'Addresses already followed, or named twice, so far.' }),
    errors: t.exposeInt('errors', { description: 'Addresses that failed so far; `failures` says why.' }),
    failures: t.field({
      type: [BulkFailureRef],
      description: 'Each failed address and why, in the order given.',
      resolve: (job) => job.failures,
    }),
    feeds: t.field({
      type: [BulkFeedRef],
      description: 'Every address handled so far, in the order given, with what became of it.',
      resolve: (job) => job.feeds,
    }),
    filename: t.exposeString('filename', { nullable: true, description: "The OPML file's name for an import; null for Discover's." }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it started.' }),
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
      description: 'How it went, when the work was done at once; null when it runs as a job.',
      resolve: (answer) => (answer.kind === 'done' ? answer.summary : null),
    }),
    jobId: t.id({
      nullable: true,
      description: 'The job to follow with `bulkSubscribeJob`, when it runs as one; null when done at once.',
      resolve: (answer) => (answer.kind === 'queued' ? answer.jobId : null),
    }),
    report: t.field({
      type: BulkSubscribeJobRef,
      nullable: true,
      description:
        'For an OPML import, its stored report (done, or the job to follow), which `opmlImportReport` answers until dismissed; null for bulkSubscribe.',
      resolve: (answer) => answer.report,
    }),
  }),
});

builder.queryField('bulkSubscribeJob', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BulkSubscribeJobRef,
    description: "The progress of one of the viewer's bulk subscribes.",
    errors: { types: domainErrors },
    args: {
      jobId: t.arg.id({ required: true, description: 'The `jobId` bulkSubscribe or importOpml answered (a plain id, not a global one).' }),
    },
    resolve: (_root, { jobId }, context) => bulkSubscribeProgress(context.services, context.viewer, jobId),
  }),
);

builder.queryField('opmlImportReport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BulkSubscribeJobRef,
    nullable: true,
    description: "The viewer's latest OPML import, running or done, until its report is dismissed; null when there is none or it was.",
    resolve: (_root, _args, context) => opmlImportReport(context.services, context.viewer),
  }),
);
