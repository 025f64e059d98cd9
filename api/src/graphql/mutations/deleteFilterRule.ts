import { encodeGlobalID } from '@pothos/plugin-relay';
import { deleteRule } from '../../domain/filters/filterRules.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FilterRuleNode } from '../types/FilterRule.ts';

const DeleteFilterRulePayload = builder.objectRef<{ deletedFilterRuleId: string }>('DeleteFilterRulePayload').implement({
  description: 'The deleted rule’s id, to take it out of the rules list.',
  fields: (t) => ({ deletedFilterRuleId: t.exposeID('deletedFilterRuleId', { description: 'Global id of the deleted rule.' }) }),
});

builder.mutationField('deleteFilterRule', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: DeleteFilterRulePayload,
    description:
      'Deletes one of the viewer’s filter rules: what only it hid shows again (unread again if it was unread); what it marked stays.',
    errors: { types: domainErrors },
    args: { id: t.arg.globalID({ required: true, for: FilterRuleNode, description: 'The rule.' }) },
    resolve: async (_root, { id }, context) => {
      await deleteRule(context.services, context.viewer, id.id);
      return { deletedFilterRuleId: encodeGlobalID('FilterRule', id.id) };
    },
  }),
);
