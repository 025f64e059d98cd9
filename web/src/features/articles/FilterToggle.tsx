import { cx } from '../../ui/cx';

const OPTIONS = [
  { value: 'unread', label: 'Unread' },
  { value: 'all', label: 'All' },
] as const;

type Props = { value: 'unread' | 'all'; onChange: (value: 'unread' | 'all') => void };

/** The Unread / All switch of the article list (spec part 1 §2): two toggle buttons, the current one pressed. */
export function FilterToggle({ value, onChange }: Props) {
  return (
    <div
      role="group"
      aria-label="Show articles"
      className="inline-grid h-10 shrink-0 grid-cols-2 rounded-xl border border-line bg-sunken p-1"
    >
      {OPTIONS.map((option) => {
        const active = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            onClick={() => !active && onChange(option.value)}
            className={cx(
              'rounded-lg px-3 text-sm font-medium transition-colors sm:min-w-[4.5rem]',
              active ? 'bg-surface text-ink shadow-sm' : 'text-muted hover:text-ink',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
