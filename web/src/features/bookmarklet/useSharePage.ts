import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { useSharePageMutation } from './__generated__/useSharePageMutation.graphql';

export type SharePageInput = { url: string; note: string; isPublic: boolean };

const mutation = graphql`
  mutation useSharePageMutation($input: SharePageInput!) {
    sharePage(input: $input) {
      __typename
      ... on Share {
        id
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Shares the page the bookmarklet was clicked on: 'Article shared!' or the server's reason under 'Failed to share article'. */
export function useSharePage(): [share: (input: SharePageInput, onShared: () => void) => void, sharing: boolean] {
  const [commit, sharing] = useMutation<useSharePageMutation>(mutation);
  const share = useCallback(
    ({ url, note, isPublic }: SharePageInput, onShared: () => void) =>
      commit({
        variables: { input: { url, note: note || null, isPublic } },
        ...toastOutcome((response: useSharePageMutation['response']) => response.sharePage, {
          expected: 'Share',
          success: 'Article shared!',
          failure: 'Failed to share article',
          onSuccess: onShared,
        }),
      }),
    [commit],
  );
  return [share, sharing];
}
