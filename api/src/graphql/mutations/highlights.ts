import { encodeGlobalID } from '@pothos/plugin-relay';
import { createHighlight, deleteHighlight, updateHighlight } from '../../domain/highlights/highlights.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { ArticleNode } from '../types/Article.ts';
import { HighlightNode } from '../types/Highlight.ts';

builder.mutationField('createHighlight', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Highlight',
    description:
      'Highlights a passage of an article, with an optional note: its text (5,000 characters at most), the text around it and, when measured, its position in the article’s plain text.',
    errors: { types: domainErrors },
    args: {
      articleId: t.arg.globalID({ required: true, for: ArticleNode, description: 'The article.' }),
      exact: t.arg.string({ required: true, description: 'The highlighted text, as plain text.' }),
      prefix: t.arg.string({ description: 'The text just before it (up to 200 characters).' }),
      suffix: t.arg.string({ description: 'The text just after it (up to 200 characters).' }),
      start: t.arg.int({ description: 'Where it starts in the article’s plain text; give end with it.' }),
      end: t.arg.int({ description: 'Where it ends: start plus the length of exact.' }),
      note: t.arg.string({ description: 'A note, plain text (2,000 characters at most).' }),
    },
    resolve: async (query, _root, { articleId, ...selection }, context) => {
      const highlight = await createHighlight(context.services, context.viewer, articleId.id, selection);
      return context.services.db.highlight.findUniqueOrThrow({ ...query, where: { id: highlight.id } });
    },
  }),
);

builder.mutationField('updateHighlight', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'Highlight',
    description: 'Changes the note of one of the viewer’s highlights; a blank or null note removes it.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: HighlightNode, description: 'The highlight.' }),
      note: t.arg.string({ description: 'The new note, plain text.' }),
    },
    resolve: async (query, _root, { id, note }, context) => {
      const highlight = await updateHighlight(context.services, context.viewer, id.id, { note });
      return context.services.db.highlight.findUniqueOrThrow({ ...query, where: { id: highlight.id } });
    },
  }),
);

const DeleteHighlightPayload = builder.objectRef<{ deletedHighlightId: string }>('DeleteHighlightPayload').implement({
  description: 'The deleted highlight’s id, to take it out of the article and the Highlights screen.',
  fields: (t) => ({ deletedHighlightId: t.exposeID('deletedHighlightId', { description: 'Global id of the deleted highlight.' }) }),
});

builder.mutationField('deleteHighlight', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: DeleteHighlightPayload,
    description: 'Deletes one of the viewer’s highlights.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: HighlightNode, description: 'The highlight.' }) },
    resolve: async (_root, { id }, context) => {
      await deleteHighlight(context.services, context.viewer, id.id);
      return { deletedHighlightId: encodeGlobalID('Highlight', id.id) };
    },
  }),
);
