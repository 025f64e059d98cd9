import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { graphql, loadQuery, usePreloadedQuery } from 'react-relay';
import { toSessionUser } from '../features/auth/sessionUser';
import { AppShell } from '../features/shell/AppShell';
import type { AppShellQuery } from './__generated__/AppShellQuery.graphql';

const query = graphql`
  query AppShellQuery {
    viewer {
      ...sessionUser_user
    }
    ...AppShell_query
  }
`;

/** Every signed-in screen (spec part 1 §2): a signed-out visitor goes to /login. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => {
    if (!context.session.get()) throw redirect({ to: '/login' });
  },
  loader: ({ context }) => loadQuery<AppShellQuery>(context.relay.current(), query, {}, { fetchPolicy: 'store-or-network' }),
  // The shell's query lives as long as the signed-in area: its parts refresh themselves (notifications poll).
  staleTime: Infinity,
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  component: AppLayout,
});

function AppLayout() {
  const { session } = Route.useRouteContext();
  const data = usePreloadedQuery<AppShellQuery>(query, Route.useLoaderData());
  useEffect(() => {
    // Keeps the stored user (name, administrator or not) in step with the server.
    if (data.viewer) session.updateUser(toSessionUser(data.viewer));
  }, [data.viewer, session]);
  return <AppShell query={data} />;
}
