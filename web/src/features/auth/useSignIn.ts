import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useMutation, type GraphQLTaggedNode } from 'react-relay';
import type { MutationParameters } from 'relay-runtime';
import { toastOutcome } from '../../relay/toastOutcome';
import { notify } from '../../ui/toast';
import type { sessionUser_user$key } from './__generated__/sessionUser_user.graphql';
import { toSessionUser } from './sessionUser';

/** Relay merges AuthPayload with the errors' fields, so both read as optional; the server always sends them. */
type AuthAnswer = {
  readonly __typename: string;
  readonly message?: string | null;
  readonly token?: string | null;
  readonly user?: sessionUser_user$key | null;
};

type SignInMutation = MutationParameters & { variables: { input: unknown } };

/**
 * A mutation that signs someone in (login, registration): on an AuthPayload it keeps the session, says `success`
 * and goes home; otherwise it says `failure` and why, the server's reason or the request's error, but for a reason
 * `atField` shows at a field of the form (it answers true).
 */
export function useSignIn<M extends SignInMutation>(
  mutation: GraphQLTaggedNode,
  answerOf: (response: M['response']) => AuthAnswer,
  texts: { success: string; failure: string },
  atField?: (reason: string | undefined) => boolean,
): [signIn: (input: M['variables']['input']) => void, signingIn: boolean] {
  const { session } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const [commit, signingIn] = useMutation<M>(mutation);
  const signIn = useCallback(
    (input: M['variables']['input']) =>
      commit({
        variables: { input } as M['variables'],
        ...toastOutcome(answerOf, {
          expected: 'AuthPayload',
          success: texts.success,
          failure: atField ? null : texts.failure,
          describeRequestError: true,
          onFailure: (reason: string | undefined) => {
            if (atField && !atField(reason)) notify.error(texts.failure, { description: reason });
          },
          onSuccess: ({ token, user }: AuthAnswer) => {
            if (!token || !user) return;
            session.set({ token, user: toSessionUser(user) });
            void navigate({ to: '/shares' });
          },
        }),
      }),
    // The texts and answerOf are fixed for each caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [commit, session, navigate],
  );
  return [signIn, signingIn];
}
