import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import type {
  UpdateInstanceConfigInput,
  useUpdateInstanceConfigMutation,
  useUpdateInstanceConfigMutation$data,
} from './__generated__/useUpdateInstanceConfigMutation.graphql';

const mutation = graphql`
  mutation useUpdateInstanceConfigMutation($input: UpdateInstanceConfigInput!) {
    updateInstanceConfig(input: $input) {
      __typename
      ... on InstanceConfig {
        name
        description
        allowRegistration
        maxUsers
        retentionDays
        retentionKeepPerFeed
      }
      ... on Error {
        message
      }
    }
  }
`;

export type InstanceConfigDraft = Required<{ [Key in keyof UpdateInstanceConfigInput]: NonNullable<UpdateInstanceConfigInput[Key]> }>;

/**
 * The settings have no id for Relay to merge by: the saved values are written to the root's `instanceConfig` (the
 * tab's view) and `instance` (every page title, the sign-in screens) by hand.
 */
function storeSaved(store: RecordSourceSelectorProxy, data: useUpdateInstanceConfigMutation$data | null | undefined) {
  const saved = data?.updateInstanceConfig;
  if (saved?.__typename !== 'InstanceConfig') return;
  const root = store.getRoot();
  for (const record of [root.getLinkedRecord('instanceConfig'), root.getLinkedRecord('instance')]) {
    record?.setValue(saved.name, 'name');
    record?.setValue(saved.description, 'description');
    record?.setValue(saved.allowRegistration, 'allowRegistration');
  }
  const config = root.getLinkedRecord('instanceConfig');
  config?.setValue(saved.maxUsers, 'maxUsers');
  config?.setValue(saved.retentionDays, 'retentionDays');
  config?.setValue(saved.retentionKeepPerFeed, 'retentionKeepPerFeed');
}

/** Saves the instance configuration: 'Configuration saved', or 'Failed to save configuration' with the reason. */
export function useUpdateInstanceConfig(): [save: (config: InstanceConfigDraft, onSaved: () => void) => void, saving: boolean] {
  const [commit, saving] = useMutation<useUpdateInstanceConfigMutation>(mutation);
  const save = useCallback(
    (config: InstanceConfigDraft, onSaved: () => void) =>
      commit({
        variables: { input: config },
        updater: storeSaved,
        ...toastOutcome((response: useUpdateInstanceConfigMutation['response']) => response.updateInstanceConfig, {
          expected: 'InstanceConfig',
          success: 'Configuration saved',
          failure: 'Failed to save configuration',
          onSuccess: onSaved,
        }),
      }),
    [commit],
  );
  return [save, saving];
}
