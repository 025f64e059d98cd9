import Heart from 'lucide-react/icons/heart';
import { cx } from '../../ui/cx';
import { CountLabel } from './ArticleCounts';

type Props = { liked: boolean; likes: number; onToggle: () => void; className?: string };

/**
 * The like toggle with the article's like count beside it, no count when there are none: pressed when liked,
 * and named for what a press does.
 */
export function LikeButton({ liked, likes, onToggle, className }: Props) {
  const label = liked ? 'Unlike' : 'Like';
  return (
    <span className={cx('inline-flex items-center text-xs', liked ? 'text-danger' : 'text-muted', className)}>
      <button
        type="button"
        aria-pressed={liked}
        aria-label={label}
        title={label}
        onClick={onToggle}
        className={cx(
          'grid size-9 shrink-0 place-items-center rounded-full transition-colors',
          liked ? 'hover:bg-danger-soft' : 'hover:bg-sunken hover:text-ink',
        )}
      >
        <Heart aria-hidden="true" className={cx('size-[1.15rem] transition-transform', liked && 'scale-110 fill-current')} />
      </button>
      {likes > 0 && (
        <span className="-ml-0.5 min-w-5 font-medium">
          <CountLabel n={likes} noun="like" />
        </span>
      )}
    </span>
  );
}
