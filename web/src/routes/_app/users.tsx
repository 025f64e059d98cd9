import { createFileRoute } from '@tanstack/react-router';
import { UsersLoadFailed } from '../../features/directory/UsersLoadFailed';
import { loadUsers } from '../../features/directory/usersQuery';
import { UsersScreen } from '../../features/directory/UsersScreen';

/** The users directory (spec part 2): everyone else on the instance, each a way to their profile. */
export const Route = createFileRoute('/_app/users')({
  loader: ({ context }) => loadUsers(context.relay.current()),
  onLeave: ({ loaderData }) => loaderData?.dispose(),
  errorComponent: UsersLoadFailed,
  component: UsersPage,
});

function UsersPage() {
  return <UsersScreen queryRef={Route.useLoaderData()} />;
}
