import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { DigestType, useUpdateDigestPreferencesMutation } from './__generated__/useUpdateDigestPreferencesMutation.graphql';

const mutation = graphql`
  mutation useUpdateDigestPreferencesMutation($input: UpdateDigestPreferencesInput!) {
    updateDigestPreferences(input: $input) {
      __typename
      ... on User {
        id
        digestPreferences {
          enabled
          digestType
          emailDigests
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export type DigestPreferencesDraft = { enabled: boolean; digestType: DigestType; emailDigests: boolean };

/** Saves the digest preferences: 'Preferences saved', or 'Failed to save preferences'. */
export function useUpdateDigestPreferences(): [save: (preferences: DigestPreferencesDraft) => void, saving: boolean] {
  const [commit, saving] = useMutation<useUpdateDigestPreferencesMutation>(mutation);
  const save = useCallback(
    (preferences: DigestPreferencesDraft) =>
      commit({
        variables: { input: preferences },
        ...toastOutcome((response: useUpdateDigestPreferencesMutation['response']) => response.updateDigestPreferences, {
          expected: 'User',
          success: 'Preferences saved',
          failure: 'Failed to save preferences',
        }),
      }),
    [commit],
  );
  return [save, saving];
}
