import { createRule } from '../../domain/filters/filterRules.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { FilterRuleInput, ruleInputOf } from '../types/FilterRule.ts';

builder.mutationField('createFilterRule', (t) =>
  t.withAuth({ signedIn: true }).prismaField({
    type: 'FilterRule',
    description:
      'Adds a filter rule and applies it at once to the stored articles of its scope (an invalid pattern is refused, saying why).',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: FilterRuleInput, required: true, description: 'The rule.' }) },
    resolve: async (query, _root, { input }, context) => {
      const rule = await createRule(context.services, context.viewer, ruleInputOf(input));
      return context.services.db.filterRule.findUniqueOrThrow({ ...query, where: { id: rule.id } });
    },
  }),
);
