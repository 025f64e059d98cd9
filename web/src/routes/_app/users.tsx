import { createFileRoute } from '@tanstack/react-router';
import { UsersLoadFailed } from '../../features/people/UsersLoadFailed';
import { loadUsers } from '../../features/people/usersQuery';
import { UsersScreen } from '../../features/people/UsersScreen';

/** The users directory: everyone else on the instance, each a way to their profile. */
export const Route = createFileRoute('/_app/users')({
  loader: ({ context }) => loadUsers(context.relay.current()),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  errorComponent: UsersLoadFailed,
  component: UsersPage,
});

function UsersPage() {
  return <UsersScreen queryRef={Route.useLoaderData()} />;
}
