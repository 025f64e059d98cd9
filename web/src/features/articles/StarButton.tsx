import Star from 'lucide-react/icons/star';
import { cx } from '../../ui/cx';

type Props = { starred: boolean; onToggle: () => void; className?: string; size?: 'md' | 'sm' };

/** The star toggle: pressed when starred, and named for what a press does. */
export function StarButton({ starred, onToggle, className, size = 'md' }: Props) {
  const label = starred ? 'Unstar' : 'Star';
  return (
    <button
      type="button"
      aria-pressed={starred}
      aria-label={label}
      title={label}
      onClick={onToggle}
      className={cx(
        'grid shrink-0 place-items-center rounded-full transition-colors',
        size === 'md' ? 'size-9' : 'size-8',
        starred ? 'text-star hover:bg-star-soft' : 'text-muted hover:bg-sunken hover:text-ink',
        className,
      )}
    >
      <Star aria-hidden="true" className={cx(size === 'md' ? 'size-[1.15rem]' : 'size-4', starred && 'fill-current')} />
    </button>
  );
}
