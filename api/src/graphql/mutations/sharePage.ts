import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { loadShareViews } from '../../domain/social/shareList.ts';
import { sharePage } from '../../domain/social/sharePage.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ShareNode } from '../types/Share.ts';

const SharePageInput = builder.inputType('SharePageInput', {
  description: 'A web page to share by its address, with an optional note, privately or publicly.',
  fields: (t) => ({
    url: t.string({ required: true, description: 'The page’s http(s) address.' }),
    note: t.string({ description: `Optional, at most ${SHARE_NOTE_MAX} characters; @username mentions notify.` }),
    isPublic: t.boolean({ description: 'Also list it in the instance’s public RSS feed.' }),
  }),
});

builder.mutationField('sharePage', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ShareNode,
    description:
      'Shares any web page by its address: the article of a subscribed feed with that address, else the page itself (read once, kept as an article of the instance’s web pages source).',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: SharePageInput, required: true, description: 'The page’s address, the note and whether it is public.' }) },
    resolve: async (_root, { input }, context) => {
      const { share } = await sharePage(context.services, context.viewer, input);
      const [view] = await loadShareViews(context.services, context.viewer, [share.id]);
      return view!;
    },
  }),
);
