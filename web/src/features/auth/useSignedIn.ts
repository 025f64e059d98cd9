import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { sessionUser_user$key } from './__generated__/sessionUser_user.graphql';
import { toSessionUser } from './sessionUser';

/** Relay merges AuthPayload with the errors' fields, so both read as optional; the server always sends them. */
type AuthPayload = { readonly token?: string | null; readonly user?: sessionUser_user$key | null };

/**
 * What login and registration do once the server signed the user in (spec part 1 §2): keep the session and go
 * home. The toasts are the mutation hooks' (`useLogin`, `useRegister`, through `toastOutcome`).
 */
export function useSignedIn(): (payload: AuthPayload) => void {
  const { session } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  return useCallback(
    ({ token, user }: AuthPayload) => {
      if (!token || !user) return;
      session.set({ token, user: toSessionUser(user) });
      void navigate({ to: '/shares' });
    },
    [session, navigate],
  );
}
