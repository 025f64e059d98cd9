import { type LucideIcon } from 'lucide-react';
import MessageSquare from 'lucide-react/icons/message-square';
import Share2 from 'lucide-react/icons/share-2';

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A number shown as a number and read out with its noun ('3 comments'). */
export function CountLabel({ n, noun }: { n: number; noun: string }) {
  return (
    <span className="tabular-nums" title={plural(n, noun)}>
      <span aria-hidden="true">{n}</span>
      <span className="sr-only">{plural(n, noun)}</span>
    </span>
  );
}

function Count({ icon: Icon, n, noun }: { icon: LucideIcon; n: number; noun: string }) {
  return (
    <li className="inline-flex items-center gap-1">
      <Icon aria-hidden="true" className="size-3.5" />
      <CountLabel n={n} noun={noun} />
    </li>
  );
}

/**
 * Comments and shares of an article, from everyone; the likes sit with the like toggle. A count
 * of zero is left out: a row of zeros is noise, and nothing at all says the same.
 */
export function ArticleCounts({ comments, shares }: { comments: number; shares: number }) {
  if (comments === 0 && shares === 0) return null;
  return (
    <ul aria-label="Activity" className="flex items-center gap-3.5 text-xs text-muted">
      {comments > 0 && <Count icon={MessageSquare} n={comments} noun="comment" />}
      {shares > 0 && <Count icon={Share2} n={shares} noun="share" />}
    </ul>
  );
}
