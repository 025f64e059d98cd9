import { useCallback } from 'react';
import { useMutation } from 'react-relay';
import type { GraphQLTaggedNode, MutationParameters, Variables } from 'relay-runtime';
import { toastOutcome, type Outcome } from './toastOutcome';

/** One side of a toggle: its mutation and the root field it answers (`Result | *Error`). */
export type ToggleSide = { mutation: GraphQLTaggedNode; field: string };

type Answer = { readonly __typename: string; readonly message?: string | null };
type ToggleMutation = MutationParameters & { response: Record<string, Answer> };

/** What a toggle sends: the variables, the object as it will look, and how its outcome is told. */
type Toggle = { variables: Variables; optimistic: object; outcome: Outcome<Answer> };

/**
 * A state that two mutations turn on and off (like, star, read, follow), changed at once on screen: the side asked for
 * runs with the object as it will look as its optimistic answer. Relay restores the object when the server refuses or
 * cannot be reached, and the outcome is told through `toastOutcome`.
 */
export function useToggleMutation(on: ToggleSide, off: ToggleSide): (turnOn: boolean, toggle: Toggle) => void {
  const [commitOn] = useMutation<ToggleMutation>(on.mutation);
  const [commitOff] = useMutation<ToggleMutation>(off.mutation);
  return useCallback(
    (turnOn: boolean, { variables, optimistic, outcome }: Toggle) => {
      const [commit, field] = turnOn ? [commitOn, on.field] : [commitOff, off.field];
      commit({
        variables,
        optimisticResponse: { [field]: optimistic },
        ...toastOutcome((response: ToggleMutation['response']) => response[field]!, outcome),
      });
    },
    [commitOn, commitOff, on.field, off.field],
  );
}
