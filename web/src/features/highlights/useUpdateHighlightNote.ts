import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useUpdateHighlightNoteMutation } from './__generated__/useUpdateHighlightNoteMutation.graphql';

const mutation = graphql`
  mutation useUpdateHighlightNoteMutation($id: ID!, $note: String) {
    updateHighlight(id: $id, note: $note) {
      __typename
      ... on Highlight {
        id
        note
        updatedAt
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Saves a highlight's note (blank removes it) and says 'Note saved' or 'Failed to save note'. */
export function useUpdateHighlightNote(): [save: (id: string, note: string, onSaved?: () => void) => void, saving: boolean] {
  const [commit, saving] = useMutation<useUpdateHighlightNoteMutation>(mutation);
  const save = useCallback(
    (id: string, note: string, onSaved?: () => void) =>
      commit({
        variables: { id, note: note.trim() === '' ? null : note },
        ...toastOutcome((response: useUpdateHighlightNoteMutation['response']) => response.updateHighlight, {
          expected: 'Highlight',
          success: 'Note saved',
          failure: 'Failed to save note',
          onSuccess: () => onSaved?.(),
        }),
      }),
    [commit],
  );
  return [save, saving];
}
