import { newsletterAddress, type NewsletterAddress } from '../../domain/newsletters/inboundAddresses.ts';
import { builder } from '../builder.ts';
import { ArticleNode } from './Article.ts';

const ReplacedAddress = builder.objectRef<{ address: string; expiresAt: Date }>('ReplacedNewsletterAddress').implement({
  description: 'An address the viewer replaced, which still takes mail until it expires.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The e-mail address.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: 'When mail to it starts being refused.' }),
  }),
});

export const NewsletterAddressRef = builder.objectRef<NewsletterAddress>('NewsletterAddress').implement({
  description:
    'Where the viewer receives newsletters: each sender becomes a feed in their “Newsletters” folder; `<key>+<folder>@…` files a sender into that folder instead.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The e-mail address to subscribe to newsletters with.' }),
    previous: t.field({
      type: ReplacedAddress,
      nullable: true,
      description: 'The address it replaced, while that still takes mail.',
      resolve: (found) => found.previous,
    }),
  }),
});

builder.queryField('newsletterAddress', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: NewsletterAddressRef,
    nullable: true,
    description: 'The viewer’s newsletter address (made on first asking); null when the instance receives no mail (INBOUND_DOMAIN unset).',
    resolve: (_root, _args, context) => newsletterAddress(context.services, context.viewer),
  }),
);

builder.objectField(ArticleNode, 'unsubscribeUrl', (t) =>
  t.exposeString('unsubscribeUrl', {
    nullable: true,
    description: 'For a newsletter issue, where to unsubscribe from the newsletter (an https or mailto: address); null otherwise.',
  }),
);
