import { createFileRoute } from '@tanstack/react-router';
import { loadProfile } from '../../features/profile/profileQueries';
import { ProfileLoadFailed } from '../../features/profile/ProfileLoadFailed';
import { ProfileScreen } from '../../features/profile/ProfileScreen';

/** A user's profile: who they are and what they shared. */
export const Route = createFileRoute('/_app/user/$userId')({
  loader: ({ context, params }) => loadProfile(context.relay.current(), params.userId),
  onLeave: ({ loaderData }) => {
    loaderData?.profile.dispose();
    loaderData?.shares.dispose();
  },
  // A request that fails outright (network, HTTP error, the shares refused) lands here.
  errorComponent: ProfileLoadFailed,
  component: ProfilePage,
});

function ProfilePage() {
  return <ProfileScreen queries={Route.useLoaderData()} />;
}
