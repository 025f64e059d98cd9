import { Suspense } from 'react';
import { PageTitle } from '../../ui/PageTitle';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { apiTokensQuery } from './__generated__/apiTokensQuery.graphql';
import type { inviteCodesQuery } from './__generated__/inviteCodesQuery.graphql';
import type { settingsQuery as SettingsQuery } from './__generated__/settingsQuery.graphql';
import { AccountSection } from './AccountSection';
import { ApiTokensSection } from './ApiTokensSection';
import { ArticleListsSection } from './ArticleListsSection';
import { BookmarkletSection } from './BookmarkletSection';
import { BrowserExtensionSection } from './BrowserExtensionSection';
import { DigestPreferencesSection } from './DigestPreferencesSection';
import { FeedManagementSection } from './FeedManagementSection';
import { InviteCodesSection } from './InviteCodesSection';
import { KeyboardShortcutsSection } from './KeyboardShortcutsSection';
import { NewslettersSection } from './NewslettersSection';
import { ReadingSection } from './ReadingSection';
import { RulesSection } from './RulesSection';
import { SettingsJumpMenu, SettingsNav } from './SettingsNav';
import { useSettingsSections } from './settingsSections';
import { settingsQuery } from './settingsQuery';

export type SettingsQueries = {
  account: PreloadedQuery<SettingsQuery>;
  invites: PreloadedQuery<inviteCodesQuery>;
  apiTokens: PreloadedQuery<apiTokensQuery>;
};

/**
 * The /settings screen, 'Account Settings': its sections in one column, with a list of them beside it that follows
 * the scroll (desktop), or a menu of them under the top bar (a phone).
 */
export function SettingsScreen({ queries }: { queries: SettingsQueries }) {
  const { current, jump } = useSettingsSections();
  return (
    <section
      aria-labelledby="page-title"
      className="mx-auto w-full max-w-3xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:grid lg:max-w-5xl lg:grid-cols-[11rem_minmax(0,1fr)] lg:gap-x-10 lg:px-8"
    >
      <PageTitle>Account Settings</PageTitle>
      <h1
        id="page-title"
        className="mb-3 font-serif text-2xl font-semibold tracking-tight text-ink sm:mb-4 sm:text-3xl lg:col-span-2 lg:mb-6"
      >
        Account Settings
      </h1>
      <SettingsNav current={current} onJump={jump} className="hidden lg:block" />
      <SettingsJumpMenu current={current} onJump={jump} className="mb-3 sm:mb-4 lg:hidden" />
      <div className="flex min-w-0 flex-col gap-4 sm:gap-6">
        <Suspense fallback={<AccountSkeleton />}>
          <Account queryRef={queries.account} />
        </Suspense>
        {/* Until the query answers, the section works without the last import's report. */}
        <Suspense fallback={<FeedManagementSection report={null} />}>
          <FeedManagement queryRef={queries.account} />
        </Suspense>
        <Suspense fallback={null}>
          <ArticleLists queryRef={queries.account} />
        </Suspense>
        <RulesSection />
        <Suspense fallback={null}>
          <Newsletters queryRef={queries.account} />
        </Suspense>
        <ReadingSection />
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

function FeedManagement({ queryRef }: { queryRef: PreloadedQuery<SettingsQuery> }) {
  const { opmlImportReport } = usePreloadedQuery<SettingsQuery>(settingsQuery, queryRef);
  return <FeedManagementSection report={opmlImportReport} />;
}

function ArticleLists({ queryRef }: { queryRef: PreloadedQuery<SettingsQuery> }) {
  const { viewer } = usePreloadedQuery<SettingsQuery>(settingsQuery, queryRef);
  return viewer ? <ArticleListsSection viewer={viewer} /> : null;
}

function Newsletters({ queryRef }: { queryRef: PreloadedQuery<SettingsQuery> }) {
  const { newsletterAddress } = usePreloadedQuery<SettingsQuery>(settingsQuery, queryRef);
  return <NewslettersSection address={newsletterAddress ?? null} />;
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
