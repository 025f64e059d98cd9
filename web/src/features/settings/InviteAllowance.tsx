import Plus from 'lucide-react/icons/plus';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { ReactNode } from 'react';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import type { InviteAllowance_rateLimit$key } from './__generated__/InviteAllowance_rateLimit.graphql';
import { canGenerateInvite, remainingTone, resetLabel, type RemainingTone } from './inviteAllowance';

const toneClass: Record<RemainingTone, string> = {
  green: 'text-green-700 dark:text-green-400',
  yellow: 'text-yellow-700 dark:text-yellow-300',
  red: 'text-red-700 dark:text-red-400',
  blue: 'text-blue-700 dark:text-blue-300',
};

type Props = { rateLimit: InviteAllowance_rateLimit$key; onGenerate: () => void; generating: boolean };

/**
 * The weekly allowance and Generate: limit, remaining (coloured by how many are left),
 * this week's count and the days until the next one; administrators are unlimited.
 */
export function InviteAllowance({ rateLimit, onGenerate, generating }: Props) {
  const allowance = useFragment(
    graphql`
      fragment InviteAllowance_rateLimit on InviteRateLimit {
        limit
        remaining
        currentCount
        unlimited
        nextAvailableAt
      }
    `,
    rateLimit,
  );
  const tone = remainingTone(allowance);
  return (
    <div className="flex flex-col gap-4 rounded-xl bg-sunken p-4 sm:flex-row sm:items-center sm:justify-between">
      {allowance.unlimited ? (
        <div className="flex flex-col gap-0.5">
          <p data-tone={tone} className={cx('flex items-center gap-2 font-semibold', toneClass[tone])}>
            <ShieldCheck aria-hidden="true" className="size-5" />
            Administrator - Unlimited Invites
          </p>
          <p className="text-sm text-muted">{allowance.currentCount} created in the last 7 days</p>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          <dl className="flex flex-wrap gap-x-6 gap-y-1">
            <Stat label="Remaining">
              <span data-tone={tone} className={cx('font-semibold', toneClass[tone])}>
                {allowance.remaining}
              </span>
            </Stat>
            <Stat label="Weekly limit">{allowance.limit}</Stat>
            <Stat label="Created this week">{allowance.currentCount}</Stat>
          </dl>
          {allowance.nextAvailableAt && <p className="text-sm text-muted">{resetLabel(new Date(allowance.nextAvailableAt))}</p>}
        </div>
      )}
      <button
        type="button"
        onClick={onGenerate}
        disabled={generating || !canGenerateInvite(allowance)}
        className={buttonClass('primary', 'md', 'shrink-0')}
      >
        <Plus aria-hidden="true" className="size-4" />
        {generating ? 'Generating…' : 'Generate invite code'}
      </button>
    </div>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-lg tabular-nums text-ink">{children}</dd>
    </div>
  );
}
