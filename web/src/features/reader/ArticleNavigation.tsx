import { Link } from '@tanstack/react-router';
import { type LucideIcon } from 'lucide-react';
import ChevronDown from 'lucide-react/icons/chevron-down';
import ChevronUp from 'lucide-react/icons/chevron-up';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { buttonClass } from '../../ui/button';
import { IconButton } from '../../ui/IconButton';
import type { ReaderPosition } from './readerNavigation';

type Props = { position: ReaderPosition; awaitingNext: boolean; onNext: () => void };

const iconClass = 'size-5';

/**
 * The previous and next arrows around 'n/total'; an arrow is disabled at its end of the list.
 * They point up and down, like k and j move in the list, and stay apart from Back's left arrow.
 */
export function ArticleNavigation({ position, awaitingNext, onNext }: Props) {
  return (
    <div className="flex items-center">
      <StepLink label="Previous article" shortcut="k" icon={ChevronUp} articleId={position.previousId} />
      <span data-testid="reader-position" className="min-w-12 px-1 text-center text-sm font-medium tabular-nums text-muted">
        {position.label}
      </span>
      {position.nextNeedsMore ? (
        // The next article is on the list's next page: load it, then move on (useReaderNavigation).
        <IconButton label="Next article" title="Next article (j)" aria-busy={awaitingNext} onClick={onNext}>
          {awaitingNext ? (
            <LoaderCircle aria-hidden="true" className={`${iconClass} animate-spin`} />
          ) : (
            <ChevronDown aria-hidden="true" className={iconClass} />
          )}
        </IconButton>
      ) : (
        <StepLink label="Next article" shortcut="j" icon={ChevronDown} articleId={position.nextId} />
      )}
    </div>
  );
}

type StepProps = { label: string; shortcut: string; icon: LucideIcon; articleId: string | null };

/** A link to a neighbouring article (so it preloads on hover and opens in a new tab on request), or a disabled arrow. */
function StepLink({ label, shortcut, icon: Icon, articleId }: StepProps) {
  const icon = <Icon aria-hidden="true" className={iconClass} />;
  if (!articleId) {
    return (
      <IconButton label={label} disabled>
        {icon}
      </IconButton>
    );
  }
  return (
    <Link
      to="/article/$id"
      params={{ id: articleId }}
      replace
      aria-label={label}
      title={`${label} (${shortcut})`}
      className={buttonClass('ghost', 'icon')}
    >
      {icon}
    </Link>
  );
}
