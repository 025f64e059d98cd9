import Ticket from 'lucide-react/icons/ticket';
import { Suspense } from 'react';
import { usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import type { inviteCodesQuery as InviteCodesQuery } from './__generated__/inviteCodesQuery.graphql';
import { InviteCodeList } from './InviteCodeList';
import { inviteCodesQuery } from './inviteCodesQuery';
import { SectionLoadFailed } from './SectionLoadFailed';
import { SettingsSection } from './SettingsSection';

/**
 * The Invite Codes section: the viewer's invite codes and allowance. Loaded on their own, so a failure here
 * ('Failed to load invite codes') leaves the rest of the screen working and can be retried in place.
 */
export function InviteCodesSection({ initialQueryRef }: { initialQueryRef: PreloadedQuery<InviteCodesQuery> }) {
  const [queryRef, loadQuery] = useQueryLoader<InviteCodesQuery>(inviteCodesQuery, initialQueryRef);
  return (
    <SettingsSection
      id="invites"
      title="Invite Codes"
      icon={Ticket}
      description="Tidings is invite-only. Give a code to someone you'd like to read with; each code works once."
    >
      {/* The section says it, so no toast repeats it. */}
      <ErrorBoundary
        fallback={(retry) => (
          <SectionLoadFailed
            message="Failed to load invite codes"
            onRetry={() => {
              loadQuery({}, { fetchPolicy: 'network-only' });
              retry();
            }}
          />
        )}
      >
        <Suspense fallback={<InviteCodesSkeleton />}>{queryRef && <Loaded queryRef={queryRef} />}</Suspense>
      </ErrorBoundary>
    </SettingsSection>
  );
}

function Loaded({ queryRef }: { queryRef: PreloadedQuery<InviteCodesQuery> }) {
  const data = usePreloadedQuery<InviteCodesQuery>(inviteCodesQuery, queryRef);
  return <InviteCodeList query={data} rateLimit={data.inviteRateLimit} />;
}

function InviteCodesSkeleton() {
  return (
    <div role="status" aria-label="Loading invite codes" className="flex animate-pulse flex-col gap-4">
      <div className="h-20 rounded-xl bg-sunken" />
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="space-y-2">
          <div className="h-4 w-2/3 rounded bg-sunken" />
          <div className="h-3 w-1/3 rounded bg-sunken" />
        </div>
      ))}
    </div>
  );
}
