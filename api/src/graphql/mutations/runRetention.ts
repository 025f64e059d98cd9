import { requestRetentionRun, type RetentionRunView } from '../../domain/admin/retentionRuns.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { RetentionRunRef } from '../types/Retention.ts';

const RunRetentionPayload = builder.objectRef<{ run: RetentionRunView; joined: boolean }>('RunRetentionPayload').implement({
  description: 'The retention pass queued, or the one already queued or running.',
  fields: (t) => ({
    run: t.field({
      type: RetentionRunRef,
      description: 'Its progress so far; follow it with `retentionRuns`.',
      resolve: (answer) => answer.run,
    }),
    joined: t.exposeBoolean('joined', { description: 'True when a pass was already queued or running: no second one was queued.' }),
  }),
});

builder.mutationField('runRetention', (t) =>
  t.field({
    type: RunRetentionPayload,
    description:
      'Queues the retention pass now (a job; the answer does not wait for it), or joins the one queued or running. Administrators only.',
    errors: { types: domainErrors },
    resolve: (_root, _args, context) => requestRetentionRun(context.services, context.viewer),
  }),
);
