import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback } from 'react';
import { notify } from '../../ui/toast';
import type { sessionUser_user$key } from './__generated__/sessionUser_user.graphql';
import { toSessionUser } from './sessionUser';

type AuthAnswer = { token?: string | null; user?: sessionUser_user$key | null; message?: string | null };

/**
 * What login and registration do with the server's answer: keep the session, greet and go home; or show the
 * failure with the server's reason. Returns the handlers for the mutation's onCompleted and onError.
 */
export function useSignedIn(texts: { success: string; failure: string }) {
  const { session } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const { success, failure } = texts;
  const onAnswer = useCallback(
    (answer: AuthAnswer) => {
      if (!answer.token || !answer.user) return notify.error(failure, { description: answer.message ?? undefined });
      session.set({ token: answer.token, user: toSessionUser(answer.user) });
      notify.success(success);
      void navigate({ to: '/shares' });
    },
    [session, navigate, success, failure],
  );
  const onError = useCallback((error: Error) => notify.error(failure, { description: error.message }), [failure]);
  return { onAnswer, onError };
}
