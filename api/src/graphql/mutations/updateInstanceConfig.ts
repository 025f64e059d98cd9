import { updateInstanceConfig } from '../../domain/instance/instanceConfig.ts';
import { builder } from '../builder.ts';
import { domainErrors } from '../errors.ts';
import { InstanceConfigRef } from '../types/InstanceConfig.ts';

const UpdateInstanceConfigInput = builder.inputType('UpdateInstanceConfigInput', {
  description: 'The settings to change; those left out stay as they are.',
  fields: (t) => ({
    name: t.string({ description: 'The instance’s name: page titles, the public RSS feed and e-mails.' }),
    description: t.string({ description: 'A short description shown to visitors; empty for none.' }),
    allowRegistration: t.boolean({ description: 'Whether invite codes register new accounts.' }),
    maxUsers: t.int({ description: '0 means unlimited.' }),
    retentionDays: t.int({ description: 'Days an article stays unless kept; 0 keeps every article.' }),
    retentionKeepPerFeed: t.int({ description: 'How many of each feed’s newest articles always stay.' }),
  }),
});

builder.mutationField('updateInstanceConfig', (t) =>
  t.field({
    type: InstanceConfigRef,
    description: 'Changes the instance’s settings and answers all of them. Administrators only, not with an API token.',
    errors: { types: domainErrors },
    args: { input: t.arg({ type: UpdateInstanceConfigInput, required: true, description: 'The settings to change.' }) },
    resolve: (_root, { input }, context) => {
      // GraphQL's null for a field left out means "unchanged", as an absent key does in REST.
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
      return updateInstanceConfig(context.services, context.viewer, given);
    },
  }),
);
