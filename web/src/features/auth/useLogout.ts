import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { useLogoutMutation } from './__generated__/useLogoutMutation.graphql';

const mutation = graphql`
  mutation useLogoutMutation {
    logout
  }
`;

/** Logout: revokes the token on the server, then clears the session and goes to /login either way. */
export function useLogout() {
  const { session } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const [commit] = useMutation<useLogoutMutation>(mutation);
  return useCallback(() => {
    const signOut = () => {
      session.clear();
      void navigate({ to: '/login' });
    };
    commit({ variables: {}, onCompleted: signOut, onError: signOut });
  }, [commit, navigate, session]);
}
