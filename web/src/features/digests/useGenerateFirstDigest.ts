import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useGenerateFirstDigestMutation } from './__generated__/useGenerateFirstDigestMutation.graphql';

const mutation = graphql`
  mutation useGenerateFirstDigestMutation {
    generateFirstDigest {
      __typename
      ... on Digest {
        id
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Makes the first digest: 'Your first digest is ready!' and on to it; a refusal shows the server's text. */
export function useGenerateFirstDigest(): [generate: () => void, generating: boolean] {
  const navigate = useNavigate();
  const [commit, generating] = useMutation<useGenerateFirstDigestMutation>(mutation);
  const generate = useCallback(
    () =>
      commit({
        variables: {},
        ...toastOutcome((response: useGenerateFirstDigestMutation['response']) => response.generateFirstDigest, {
          expected: 'Digest',
          success: 'Your first digest is ready!',
          failure: 'Failed to generate digest',
          refusal: 'title',
          onSuccess: (digest) => digest.id && void navigate({ to: '/digest/$id', params: { id: digest.id } }),
        }),
      }),
    [commit, navigate],
  );
  return [generate, generating];
}
