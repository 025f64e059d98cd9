import { useRouteContext } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { toastOutcome } from '../../relay/toastOutcome';

type Answer = { __typename: 'ApiTokenCreated'; token: string } | { __typename: 'Error'; message?: string };

/** The name of the API token a bookmarklet carries: the one to revoke in API tokens to disable it. */
export const BOOKMARKLET_TOKEN_NAME = 'Bookmarklet';

// REST's POST /api/tokens {name} → 201 {token, apiToken}: the secret answered once.
async function createToken(sessionToken: string | undefined): Promise<Answer> {
  const response = await fetch('/api/tokens', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(sessionToken ? { authorization: `Bearer ${sessionToken}` } : {}) },
    body: JSON.stringify({ name: BOOKMARKLET_TOKEN_NAME }),
  });
  const body = (await response.json().catch(() => null)) as { token?: unknown; error?: unknown } | null;
  if (response.ok && typeof body?.token === 'string') return { __typename: 'ApiTokenCreated', token: body.token };
  return { __typename: 'Error', message: typeof body?.error === 'string' ? body.error : undefined };
}

/** Creates the API token named "Bookmarklet" for a new bookmarklet and hands its secret to `onCreated`. */
export function useCreateBookmarklet(): [create: (onCreated: (token: string) => void) => void, creating: boolean] {
  const { session } = useRouteContext({ from: '__root__' });
  const [creating, setCreating] = useState(false);
  const create = useCallback(
    (onCreated: (token: string) => void) => {
      setCreating(true);
      const { onCompleted, onError } = toastOutcome((answer: Answer) => answer, {
        expected: 'ApiTokenCreated',
        success: null,
        failure: 'Failed to create bookmarklet',
        onSuccess: (created) => onCreated(created.token),
      });
      createToken(session.get()?.token)
        .then(onCompleted, () => onError())
        .finally(() => setCreating(false));
    },
    [session],
  );
  return [create, creating];
}
