import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import { toastOutcome } from '../../relay/toastOutcome';
import type { ShareDraft } from '../shares/shareDraft';
import type { useShareHighlightMutation } from './__generated__/useShareHighlightMutation.graphql';

// The share's article brings its counts as they now are.
const mutation = graphql`
  mutation useShareHighlightMutation($id: ID!, $note: String, $isPublic: Boolean) {
    shareHighlight(id: $id, note: $note, isPublic: $isPublic) {
      __typename
      ... on Share {
        id
        article {
          id
          counts {
            comments
            shares
            likes
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/**
 * Shares one of the viewer's highlights as a quote, with a note, privately or publicly (sharing it again updates that
 * share). Says 'Quote shared!' or 'Failed to share quote'.
 */
export function useShareHighlight(): [share: (id: string, draft: ShareDraft, onShared: () => void) => void, sharing: boolean] {
  const [commit, sharing] = useMutation<useShareHighlightMutation>(mutation);
  const share = useCallback(
    (id: string, { note, isPublic }: ShareDraft, onShared: () => void) =>
      commit({
        variables: { id, note: note || null, isPublic },
        ...toastOutcome((response: useShareHighlightMutation['response']) => response.shareHighlight, {
          expected: 'Share',
          success: 'Quote shared!',
          failure: 'Failed to share quote',
          onSuccess: onShared,
        }),
      }),
    [commit],
  );
  return [share, sharing];
}
