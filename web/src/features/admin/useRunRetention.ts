import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useRunRetentionMutation } from './__generated__/useRunRetentionMutation.graphql';

const mutation = graphql`
  mutation useRunRetentionMutation {
    runRetention {
      __typename
      ... on RunRetentionPayload {
        joined
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Queues the retention pass now (or joins the one queued or running) and calls `onQueued`, for the panel to follow
 * its progress; the server answers at once, not when the pass is done. A refusal says 'Failed to run retention'.
 */
export function useRunRetention(onQueued: () => void): [run: () => void, starting: boolean] {
  const [commit, starting] = useMutation<useRunRetentionMutation>(mutation);
  const run = useCallback(
    () =>
      commit({
        variables: {},
        ...toastOutcome((response: useRunRetentionMutation['response']) => response.runRetention, {
          expected: 'RunRetentionPayload',
          success: null,
          failure: 'Failed to run retention',
          describeRequestError: true,
          onSuccess: onQueued,
        }),
      }),
    [commit, onQueued],
  );
  return [run, starting];
}
