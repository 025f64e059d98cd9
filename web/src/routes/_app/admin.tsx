import { createFileRoute, redirect } from '@tanstack/react-router';
import { Shield } from 'lucide-react';
import { fetchQuery, graphql } from 'react-relay';
import { Placeholder } from '../../ui/Placeholder';
import type { AdminRouteQuery } from './__generated__/AdminRouteQuery.graphql';

const query = graphql`
  query AdminRouteQuery {
    viewer {
      isAdmin
    }
  }
`;

/** Spec part 2: administrators only; anyone else goes to /shares. The server checks again on every admin call. */
export const Route = createFileRoute('/_app/admin')({
  beforeLoad: async ({ context }) => {
    const data = await fetchQuery<AdminRouteQuery>(context.relay.current(), query, {}, { fetchPolicy: 'store-or-network' }).toPromise();
    if (!data?.viewer?.isAdmin) throw redirect({ to: '/shares' });
  },
  component: () => (
    <Placeholder icon={Shield} title="Admin Panel">
      Instance statistics, users and their roles, and feed health will be managed here.
    </Placeholder>
  ),
});
