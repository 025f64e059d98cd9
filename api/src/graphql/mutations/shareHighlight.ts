import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { shareHighlight } from '../../domain/highlights/shareHighlight.ts';
import { loadShareViews } from '../../domain/social/shareList.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { HighlightNode } from '../types/Highlight.ts';
import { ShareNode } from '../types/Share.ts';

builder.mutationField('shareHighlight', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ShareNode,
    description:
      'Shares one of the viewer’s highlights as a quote with their followers (and publicly if asked), with an optional note; sharing it again updates that share.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: HighlightNode, description: 'The highlight.' }),
      note: t.arg.string({ description: `Optional, at most ${SHARE_NOTE_MAX} characters; @username mentions notify.` }),
      isPublic: t.arg.boolean({ description: 'Also list it in the instance’s public RSS feed.' }),
    },
    resolve: async (_root, { id, note, isPublic }, context) => {
      const share = await shareHighlight(context.services, context.viewer, id.id, { note, isPublic });
      const [view] = await loadShareViews(context.services, context.viewer, [share.id]);
      return view!;
    },
  }),
);
