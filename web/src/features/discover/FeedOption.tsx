import Check from 'lucide-react/icons/check';
import { cx } from '../../ui/cx';

type Props = {
  url: string;
  title: string;
  description: string;
  /** e.g. '3 subscribers'; left out in starter packs. */
  detail?: string;
  selected: boolean;
  onToggle: (url: string) => void;
};

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** One feed to pick: a checkbox whose label is the feed's title, site and description. */
export function FeedOption({ url, title, description, detail, selected, onToggle }: Props) {
  return (
    <label
      className={cx(
        'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors',
        selected ? 'border-accent bg-accent-soft/60' : 'border-line bg-surface hover:bg-sunken',
      )}
    >
      <input type="checkbox" className="peer sr-only" checked={selected} onChange={() => onToggle(url)} />
      <span
        aria-hidden="true"
        className={cx(
          'mt-0.5 grid size-5 shrink-0 place-items-center rounded-md border peer-focus-visible:ring-2 peer-focus-visible:ring-accent',
          selected ? 'border-accent bg-accent text-on-accent' : 'border-line bg-surface',
        )}
      >
        {selected && <Check className="size-3.5" strokeWidth={3} />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-ink">{title || hostOf(url)}</span>
        <span className="block truncate text-xs text-muted">
          {hostOf(url)}
          {detail && ` · ${detail}`}
        </span>
        {description && <span className="mt-1 line-clamp-2 block text-sm text-muted">{description}</span>}
      </span>
    </label>
  );
}
