import { dismissOpmlImport } from '../../domain/subscriptions/opml.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

const DismissOpmlImportPayload = builder.objectRef<{ dismissedJobId: string }>('DismissOpmlImportPayload').implement({
  description: 'The OPML import whose report was dismissed.',
  fields: (t) => ({
    dismissedJobId: t.exposeID('dismissedJobId', { description: "The import's id (`BulkSubscribeJob.id`)." }),
  }),
});

builder.mutationField('dismissOpmlImport', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: DismissOpmlImportPayload,
    description:
      "Dismisses the report of one of the viewer's OPML imports: `opmlImportReport` answers null from then on. A ConflictError while the import still runs; another user's is not found.",
    errors: { types: domainErrors },
    args: { jobId: t.arg.id({ required: true, description: 'The import’s `BulkSubscribeJob.jobId` (a plain id, not a global one).' }) },
    resolve: async (_root, { jobId }, context) => {
      const dismissed = await dismissOpmlImport(context.services, context.viewer, jobId);
      return { dismissedJobId: dismissed.id };
    },
  }),
);
