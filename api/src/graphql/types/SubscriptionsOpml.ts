import { exportSubscriptionsOpml } from '../../domain/subscriptions/opml.ts';
import { builder } from '../builder.ts';

const OpmlFileRef = builder.objectRef<{ filename: string; text: string }>('OpmlFile').implement({
  description: 'A downloadable OPML document.',
  fields: (t) => ({
    filename: t.exposeString('filename', { description: 'e.g. tidings-subscriptions-2026-11-22.opml' }),
    text: t.exposeString('text', { description: 'OPML 2.0, with folders.' }),
  }),
});

builder.queryField('subscriptionsOpml', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: OpmlFileRef,
    description: "The viewer's subscriptions as an OPML file.",
    resolve: (_root, _args, context) => exportSubscriptionsOpml(context.services, context.viewer),
  }),
);
