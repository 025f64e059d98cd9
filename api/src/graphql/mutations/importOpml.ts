import { importOpml, type OpmlImportSummary } from '../../domain/feeds/opml.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';

const ImportOpmlPayload = builder.objectRef<OpmlImportSummary>('ImportOpmlPayload').implement({
  fields: (t) => ({
    added: t.exposeInt('added'),
    skipped: t.exposeInt('skipped', { description: 'Feeds the viewer was already subscribed to.' }),
    errors: t.exposeInt('errors', { description: 'Outlines whose address was not a valid http(s) URL.' }),
  }),
});

builder.mutationField('importOpml', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ImportOpmlPayload,
    description: 'Imports an OPML file (its text): folders become folders, feeds become subscriptions. REST takes the file as an upload.',
    errors: { types: domainErrors },
    args: {
      filename: t.arg.string({ required: true, description: 'Must end with .opml or .xml.' }),
      text: t.arg.string({ required: true, description: 'The file, at most 1 MB.' }),
    },
    resolve: (_root, { filename, text }, context) =>
      importOpml(context.services, context.viewer, { filename, content: Buffer.from(text, 'utf8') }),
  }),
);
