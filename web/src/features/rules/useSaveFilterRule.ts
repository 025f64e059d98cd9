import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { ConnectionHandler, type RecordSourceSelectorProxy } from 'relay-runtime';
import { notify } from '../../ui/toast';
import { emitFeedsChanged } from '../feeds/feedsChanged';
import type { useSaveFilterRuleCreateMutation } from './__generated__/useSaveFilterRuleCreateMutation.graphql';
import type { useSaveFilterRuleUpdateMutation } from './__generated__/useSaveFilterRuleUpdateMutation.graphql';
import { RULES_CONNECTION } from './rulesScope';
import type { RuleAction, RuleField } from './ruleText';

const createMutation = graphql`
  mutation useSaveFilterRuleCreateMutation($input: FilterRuleInput!) {
    createFilterRule(input: $input) {
      __typename
      ... on FilterRule {
        id
        ...RuleItem_rule @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation useSaveFilterRuleUpdateMutation($id: ID!, $input: FilterRuleChangesInput!) {
    updateFilterRule(id: $id, input: $input) {
      __typename
      ... on FilterRule {
        id
        ...RuleItem_rule @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

export type RuleInput = {
  pattern: string;
  isRegex: boolean;
  fields: RuleField[];
  action: RuleAction;
  feedId: string | null;
  folderId: string | null;
};

/**
 * A rule changes what every list and count holds: the lists read so far are marked stale (every list query reads the
 * viewer), and the list on screen reloads.
 */
export function listsChanged(store: RecordSourceSelectorProxy) {
  store.getRoot().getLinkedRecord('viewer')?.invalidateRecord();
}

type Callbacks = { onSaved: () => void; onRefused: (message: string) => void; onDone: () => void };

/** Adds a rule (ruleId null) or changes one; the server's refusal goes to `onRefused`, to be shown by the field. */
export function useSaveFilterRule(): [(ruleId: string | null, input: RuleInput, callbacks: Callbacks) => void, boolean] {
  const [create, creating] = useMutation<useSaveFilterRuleCreateMutation>(createMutation);
  const [update, updating] = useMutation<useSaveFilterRuleUpdateMutation>(updateMutation);
  const save = useCallback(
    (ruleId: string | null, input: RuleInput, { onSaved, onRefused, onDone }: Callbacks) => {
      const answered = (answer: { __typename: string; message?: string }) => {
        onDone();
        if (answer.__typename === 'FilterRule') {
          notify.success(ruleId ? 'Rule saved' : 'Rule added');
          emitFeedsChanged();
          onSaved();
        } else onRefused(answer.message ?? 'The rule could not be saved');
      };
      const failed = () => {
        onDone();
        notify.error('Failed to save the rule', { description: 'Check your connection and try again.' });
      };
      if (ruleId)
        update({
          variables: { id: ruleId, input },
          updater: (store, response) => {
            if (response?.updateFilterRule.__typename === 'FilterRule') listsChanged(store);
          },
          onCompleted: (response) => answered(response.updateFilterRule),
          onError: failed,
        });
      else
        create({
          variables: { input },
          updater: (store, response) => {
            if (response?.createFilterRule.__typename !== 'FilterRule') return;
            listsChanged(store);
            // The rules are listed oldest first: the new one goes last (when Settings → Rules has been loaded).
            const rule = store.getRootField('createFilterRule');
            const connection = store.get(RULES_CONNECTION);
            if (!rule || !connection) return;
            ConnectionHandler.insertEdgeAfter(
              connection,
              ConnectionHandler.createEdge(store, connection, rule, 'QueryFilterRulesConnectionEdge'),
            );
          },
          onCompleted: (response) => answered(response.createFilterRule),
          onError: failed,
        });
    },
    [create, update],
  );
  return [save, creating || updating];
}
