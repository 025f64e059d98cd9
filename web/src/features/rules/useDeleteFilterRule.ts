import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useDeleteFilterRuleMutation } from './__generated__/useDeleteFilterRuleMutation.graphql';
import { RULES_CONNECTION } from './rulesScope';
import { listsChanged } from './useSaveFilterRule';

const mutation = graphql`
  mutation useDeleteFilterRuleMutation($id: ID!, $connections: [ID!]!) {
    deleteFilterRule(id: $id) {
      __typename
      ... on DeleteFilterRulePayload {
        deletedFilterRuleId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Deletes a rule (after its confirmation): what only it hid shows again. */
export function useDeleteFilterRule(): (id: string) => void {
  const [commit] = useMutation<useDeleteFilterRuleMutation>(mutation);
  return useCallback(
    (id: string) =>
      commit({
        variables: { id, connections: [RULES_CONNECTION] },
        updater: (store, response) => {
          if (response?.deleteFilterRule.__typename === 'DeleteFilterRulePayload') listsChanged(store);
        },
        ...toastOutcome((response: useDeleteFilterRuleMutation['response']) => response.deleteFilterRule, {
          expected: 'DeleteFilterRulePayload',
          success: 'Rule deleted',
          failure: 'Failed to delete the rule',
        }),
      }),
    [commit],
  );
}
