import { Suspense } from 'react';
import { PageTitle } from '../../ui/PageTitle';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { apiTokensQuery } from './__generated__/apiTokensQuery.graphql';
import type { inviteCodesQuery } from './__generated__/inviteCodesQuery.graphql';
import type { settingsQuery as SettingsQuery } from './__generated__/settingsQuery.graphql';
import { AccountSection } from './AccountSection';
import { ApiTokensSection } from './ApiTokensSection';
import { BookmarkletSection } from './BookmarkletSection';
import { BrowserExtensionSection } from './BrowserExtensionSection';
import { DigestPreferencesSection } from './DigestPreferencesSection';
import { FeedManagementSection } from './FeedManagementSection';
import { InviteCodesSection } from './InviteCodesSection';
import { KeyboardShortcutsSection } from './KeyboardShortcutsSection';
import { settingsQuery } from './settingsQuery';

export type SettingsQueries = {
  account: PreloadedQuery<SettingsQuery>;
  invites: PreloadedQuery<inviteCodesQuery>;
  apiTokens: PreloadedQuery<apiTokensQuery>;
};

/** The /settings screen, 'Account Settings': its sections, in one column. */
export function SettingsScreen({ queries }: { queries: SettingsQueries }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-3xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <PageTitle>Account Settings</PageTitle>
      <h1 id="page-title" className="mb-5 font-serif text-2xl font-semibold tracking-tight text-ink sm:mb-6 sm:text-3xl">
        Account Settings
      </h1>
      <div className="flex flex-col gap-4 sm:gap-6">
        <Suspense fallback={<AccountSkeleton />}>
          <Account queryRef={queries.account} />
        </Suspense>
        <FeedManagementSection />
        <BrowserExtensionSection />
        <BookmarkletSection />
        <ApiTokensSection initialQueryRef={queries.apiTokens} />
        <InviteCodesSection initialQueryRef={queries.invites} />
        <Suspense fallback={null}>
          <DigestPreferences queryRef={queries.account} />
        </Suspense>
        <KeyboardShortcutsSection />
      </div>
    </section>
  );
}

function Account({ queryRef }: { queryRef: PreloadedQuery<SettingsQuery> }) {
  const { viewer } = usePreloadedQuery<SettingsQuery>(settingsQuery, queryRef);
  // The signed-in layout sends a visitor without a session to /login; a session the server no longer knows ends there too.
  return viewer ? <AccountSection viewer={viewer} /> : null;
}

function DigestPreferences({ queryRef }: { queryRef: PreloadedQuery<SettingsQuery> }) {
  const { viewer } = usePreloadedQuery<SettingsQuery>(settingsQuery, queryRef);
  return viewer ? <DigestPreferencesSection viewer={viewer} /> : null;
}

function AccountSkeleton() {
  return (
    <div role="status" aria-label="Loading your account" className="animate-pulse rounded-2xl border border-line bg-surface p-4 sm:p-6">
      <div className="mb-5 flex items-center gap-3">
        <div className="size-10 rounded-xl bg-sunken" />
        <div className="h-5 w-48 rounded bg-sunken" />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="h-14 rounded-lg bg-sunken" />
        <div className="h-14 rounded-lg bg-sunken" />
      </div>
      <div className="mt-4 h-11 rounded-lg bg-sunken" />
    </div>
  );
}
