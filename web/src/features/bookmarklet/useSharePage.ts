import { useCallback, useState } from 'react';
import { SessionExpiredError } from '../../relay/fetchGraphQL';
import { toastOutcome } from '../../relay/toastOutcome';

export type SharePageInput = { url: string; note: string; isPublic: boolean };

type Answer = { __typename: 'SharePagePayload' } | { __typename: 'Error'; message?: string };

/** REST's share-a-page call (POST /api/social/share-page → 201 {share, article}), with the bookmarklet's token. */
async function postSharePage(token: string, { url, note, isPublic }: SharePageInput): Promise<Answer> {
  const response = await fetch('/api/social/share-page', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ url, note: note || undefined, isPublic }),
  });
  if (response.status === 401) throw new SessionExpiredError();
  if (response.ok) return { __typename: 'SharePagePayload' };
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return { __typename: 'Error', message: typeof body?.error === 'string' ? body.error : `HTTP ${response.status}` };
}

/**
 * Shares the page the bookmarklet was clicked on, with the bookmarklet's token: 'Article shared!' or the server's
 * reason under 'Failed to share article'; a refused token goes to `onRejected` instead of a toast.
 */
export function useSharePage(
  token: string,
  onRejected: () => void,
): [share: (input: SharePageInput, onShared: () => void) => void, sharing: boolean] {
  const [sharing, setSharing] = useState(false);
  const share = useCallback(
    (input: SharePageInput, onShared: () => void) => {
      setSharing(true);
      const { onCompleted, onError } = toastOutcome((answer: Answer) => answer, {
        expected: 'SharePagePayload',
        success: 'Article shared!',
        failure: 'Failed to share article',
        onSuccess: onShared,
      });
      postSharePage(token, input)
        .then(onCompleted, (error: unknown) => (error instanceof SessionExpiredError ? onRejected() : onError()))
        .finally(() => setSharing(false));
    },
    [token, onRejected],
  );
  return [share, sharing];
}
