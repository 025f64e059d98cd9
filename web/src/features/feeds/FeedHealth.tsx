import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { timeAgo } from '../../ui/dates';

/** What a feed whose server answered Retry-After is said to have asked. */
export const RETRY_LATER = 'The feed asked us to wait';

type Props = { error: string; lastSuccessAt: string | null | undefined; retryAfterUntil: string | null | undefined };

/** A failing feed's note at the top of its row menu: why it fails, when it last worked, and when its server lets us try again. */
export function FeedHealth({ error, lastSuccessAt, retryAfterUntil }: Props) {
  const waiting = retryAfterUntil && new Date(retryAfterUntil) > new Date() ? new Date(retryAfterUntil) : null;
  return (
    <div data-testid="feed-health" className="mb-1 flex gap-2 border-b border-line px-2.5 pb-2.5 pt-1.5 text-[0.8125rem] leading-snug">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
      <div className="min-w-0">
        <p className="break-words font-medium text-ink">{error}</p>
        <p className="mt-0.5 text-muted">
          {lastSuccessAt ? (
            <>
              Last updated <time dateTime={lastSuccessAt}>{timeAgo(new Date(lastSuccessAt))}</time>
            </>
          ) : (
            'Never updated successfully'
          )}
        </p>
        {waiting && (
          <p className="mt-0.5 text-muted">
            {RETRY_LATER}: next try <time dateTime={retryAfterUntil!}>{timeAgo(waiting)}</time>
          </p>
        )}
      </div>
    </div>
  );
}
