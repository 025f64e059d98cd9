import { sendTestEmail } from '../../domain/admin/email.ts';
import { UpstreamError } from '../../domain/core/errors.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

const SendTestEmailPayload = builder.objectRef<{ message: string }>('SendTestEmailPayload').implement({
  description: 'Postmark accepted the test e-mail.',
  fields: (t) => ({ message: t.exposeString('message', { description: 'The confirmation to show.' }) }),
});

builder.mutationField('sendTestEmail', (t) =>
  t.field({
    type: SendTestEmailPayload,
    description: 'Sends a test e-mail now, through Postmark (administrators only). An UpstreamError carries Postmark’s refusal.',
    errors: { types: [...domainErrors, UpstreamError] },
    args: { to: t.arg.string({ required: true, description: 'The address to send it to.' }) },
    resolve: (_root, { to }, context) => sendTestEmail(context.services, context.viewer, { to }),
  }),
);
