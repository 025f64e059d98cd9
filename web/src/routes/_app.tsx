import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { graphql, loadQuery, usePreloadedQuery } from 'react-relay';
import { toSessionUser } from '../features/auth/sessionUser';
import type { loadFeedsQuery } from '../features/feeds/__generated__/loadFeedsQuery.graphql';
import { feedsQuery } from '../features/feeds/loadFeeds';
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

/** Every signed-in screen: a signed-out visitor goes to /login. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context }) => {
    if (!context.session.get()) throw redirect({ to: '/login' });
  },
  loader: ({ context }) => ({
    shell: loadQuery<AppShellQuery>(context.relay.current(), query, {}, { fetchPolicy: 'store-or-network' }),
    feeds: loadQuery<loadFeedsQuery>(context.relay.current(), feedsQuery, {}, { fetchPolicy: 'store-or-network' }),
  }),
  // The shell's queries live as long as the signed-in area: its parts refresh themselves (notifications poll,
  // feeds reload after each change).
  staleTime: Infinity,
  onLeave: ({ loaderData }) => {
    loaderData?.shell.dispose();
    loaderData?.feeds.dispose();
  },
  component: AppLayout,
});

function AppLayout() {
  const { session } = Route.useRouteContext();
  const { shell, feeds } = Route.useLoaderData();
  const data = usePreloadedQuery<AppShellQuery>(query, shell);
  useEffect(() => {
    // Keeps the stored user (name, administrator or not) in step with the server.
    if (data.viewer) session.updateUser(toSessionUser(data.viewer));
  }, [data.viewer, session]);
  return <AppShell query={data} feeds={feeds} />;
}
