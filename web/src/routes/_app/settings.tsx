import { createFileRoute } from '@tanstack/react-router';
import { loadApiTokens } from '../../features/settings/apiTokensQuery';
import { loadInviteCodes } from '../../features/settings/inviteCodesQuery';
import { loadSettings } from '../../features/settings/settingsQuery';
import { SettingsScreen } from '../../features/settings/SettingsScreen';

/** Account Settings: account, feeds, extension, bookmarklet, API tokens, invites, digests, shortcuts. */
export const Route = createFileRoute('/_app/settings')({
  loader: ({ context }) => ({
    account: loadSettings(context.relay.current()),
    invites: loadInviteCodes(context.relay.current()),
    apiTokens: loadApiTokens(context.relay.current()),
  }),
  onLeave: ({ loaderData }) => {
    loaderData?.account.dispose();
    loaderData?.invites.dispose();
    loaderData?.apiTokens.dispose();
  },
  component: SettingsPage,
});

function SettingsPage() {
  return <SettingsScreen queries={Route.useLoaderData()} />;
}
