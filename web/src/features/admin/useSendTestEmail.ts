import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useSendTestEmailMutation } from './__generated__/useSendTestEmailMutation.graphql';

const mutation = graphql`
  mutation useSendTestEmailMutation($to: String!) {
    sendTestEmail(to: $to) {
      __typename
      ... on SendTestEmailPayload {
        message
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Sends a test e-mail to `to` now; the toast is the server's message (its confirmation, or its reason, such as
 * Postmark's refusal), or 'Failed to send test email' when there is none.
 */
export function useSendTestEmail(): [send: (to: string, onSent: () => void) => void, sending: boolean] {
  const [commit, sending] = useMutation<useSendTestEmailMutation>(mutation);
  const send = useCallback(
    (to: string, onSent: () => void) =>
      commit({
        variables: { to },
        ...toastOutcome((response: useSendTestEmailMutation['response']) => response.sendTestEmail, {
          expected: 'SendTestEmailPayload',
          success: (sent) => sent.message ?? null,
          failure: 'Failed to send test email',
          refusal: 'title',
          onSuccess: onSent,
        }),
      }),
    [commit],
  );
  return [send, sending];
}
