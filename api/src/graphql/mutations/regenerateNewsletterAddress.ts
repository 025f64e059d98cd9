import { regenerateNewsletterAddress } from '../../domain/newsletters/inboundAddresses.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { NewsletterAddressRef } from '../types/NewsletterAddress.ts';

builder.mutationField('regenerateNewsletterAddress', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: NewsletterAddressRef,
    nullable: true,
    description:
      'Gives the viewer a new newsletter address; the current one takes mail for 7 more days, then is refused. Null when the instance receives no mail.',
    errors: { types: domainErrors },
    resolve: (_root, _args, context) => regenerateNewsletterAddress(context.services, context.viewer),
  }),
);
