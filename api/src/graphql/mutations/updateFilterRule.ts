import { updateRule } from '../../domain/filters/filterRules.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FilterRuleChangesInput, FilterRuleNode, ruleInputOf } from '../types/FilterRule.ts';

builder.mutationField('updateFilterRule', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'FilterRule',
    description: 'Changes one of the viewer’s filter rules and re-applies their rules to what its old and new scopes cover.',
    errors: { types: domainErrors },
    args: {
      id: t.arg.globalID({ required: true, for: FilterRuleNode, description: 'The rule.' }),
      input: t.arg({ type: FilterRuleChangesInput, required: true, description: 'What to change.' }),
    },
    resolve: async (query, _root, { id, input }, context) => {
      const rule = await updateRule(context.services, context.viewer, id.id, ruleInputOf(input));
      return context.services.db.filterRule.findUniqueOrThrow({ ...query, where: { id: rule.id } });
    },
  }),
);
