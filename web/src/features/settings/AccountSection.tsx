import UserRound from 'lucide-react/icons/user-round';
import { graphql, useFragment } from 'react-relay';
import type { AccountSection_viewer$key } from './__generated__/AccountSection_viewer.graphql';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DisplayNameForm } from './DisplayNameForm';
import { SettingsGroup, SettingsSection } from './SettingsSection';

/** The Account & Security section: username and e-mail read-only, the display name, and the change-password form. */
export function AccountSection({ viewer }: { viewer: AccountSection_viewer$key }) {
  const { username, email, displayName } = useFragment(
    graphql`
      fragment AccountSection_viewer on User {
        username
        email
        displayName
      }
    `,
    viewer,
  );
  return (
    <SettingsSection
      id="account"
      title="Account & Security"
      icon={UserRound}
      description="Your sign-in details, your name and your password."
    >
      <div className="flex flex-col gap-5">
        <SettingsGroup title="Profile">
          <dl className="mb-4 grid gap-3 sm:grid-cols-2">
            <ReadOnly label="Username" value={`@${username}`} />
            <ReadOnly label="Email" value={email ?? ''} />
          </dl>
          <DisplayNameForm displayName={displayName ?? null} username={username} />
        </SettingsGroup>
        <SettingsGroup title="Password">
          <ChangePasswordForm />
        </SettingsGroup>
      </div>
    </SettingsSection>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-lg bg-sunken px-3 py-2">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="truncate text-[0.95rem] text-ink" title={value}>
        {value}
      </dd>
    </div>
  );
}
