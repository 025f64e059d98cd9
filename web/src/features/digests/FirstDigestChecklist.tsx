import CheckCircle2 from 'lucide-react/icons/circle-check';
import Circle from 'lucide-react/icons/circle';
import Sparkles from 'lucide-react/icons/sparkles';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { cx } from '../../ui/cx';
import type { FirstDigestChecklist_status$key } from './__generated__/FirstDigestChecklist_status.graphql';
import { useGenerateFirstDigest } from './useGenerateFirstDigest';

/** Shown until the first digest exists: when digests come, what the first one needs, and a generate button. */
export function FirstDigestChecklist({ status: key }: { status: FirstDigestChecklist_status$key }) {
  const status = useFragment(
    graphql`
      fragment FirstDigestChecklist_status on FirstDigestStatus {
        canGenerate
        requirements {
          feeds {
            met
            current
            required
          }
          shares {
            met
            current
            required
          }
          likes {
            met
            current
            required
          }
        }
      }
    `,
    key,
  );
  const [generate, generating] = useGenerateFirstDigest();
  const { feeds, shares, likes } = status.requirements;
  const items = [
    { ...feeds, text: `Subscribe to ${feeds.required} feeds` },
    { ...shares, text: `Share ${shares.required} articles` },
    { ...likes, text: `Like ${likes.required} article` },
  ];
  return (
    <section aria-labelledby="first-digest" className="mx-auto max-w-xl rounded-2xl border border-line bg-surface p-6 shadow-sm">
      <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-accent-soft text-accent-strong">
        <Sparkles aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <h2 id="first-digest" className="font-serif text-xl font-semibold text-ink">
        Get your first digest
      </h2>
      <p className="mt-1.5 text-[0.95rem] text-muted">
        Digests are generated every Sunday at 6am, and a notification arrives when yours is ready. Do these to get your first one now:
      </p>
      <ul aria-label="Requirements" className="mt-5 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.text} className="flex items-center gap-3">
            {item.met ? (
              <CheckCircle2 aria-label="Done" className="size-5 shrink-0 text-accent" />
            ) : (
              <Circle aria-label="Not yet" className="size-5 shrink-0 text-muted" />
            )}
            <span className={cx('flex-1', item.met ? 'text-muted line-through' : 'text-ink')}>{item.text}</span>
            <span className="text-sm tabular-nums text-muted">
              {Math.min(item.current, item.required)}/{item.required}
            </span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={buttonClass('primary', 'md', 'mt-6 w-full')}
        disabled={!status.canGenerate || generating}
        onClick={generate}
      >
        {generating ? 'Generating…' : 'Generate my first digest'}
      </button>
    </section>
  );
}
