import { importOpml } from '../../domain/subscriptions/opml.ts';
import { BULK_SUBSCRIBE_INLINE_MAX } from '../../domain/subscriptions/bulkSubscribe.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { BulkSubscribePayloadRef } from '../types/BulkSubscribe.ts';

builder.mutationField('importOpml', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: BulkSubscribePayloadRef,
    description: `Imports an OPML file (its text): folders become folders, feeds become subscriptions. Up to ${BULK_SUBSCRIBE_INLINE_MAX} feeds are done before answering, more run as a job to follow with \`bulkSubscribeJob\`; a ConflictError while one of the viewer's bulk subscribes or imports still runs. REST takes the file as an upload.`,
    errors: { types: domainErrors },
    args: {
      filename: t.arg.string({ required: true, description: 'Must end with .opml or .xml.' }),
      text: t.arg.string({ required: true, description: 'The file, at most 1 MB.' }),
    },
    resolve: (_root, { filename, text }, context) =>
      importOpml(context.services, context.viewer, { filename, content: Buffer.from(text, 'utf8') }),
  }),
);
