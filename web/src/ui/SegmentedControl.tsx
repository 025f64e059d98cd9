import type { LucideIcon } from 'lucide-react';
import { cx } from './cx';

export type Segment<Value extends string> = { value: Value; label: string; icon?: LucideIcon };

type Props<Value extends string> = {
  /** What the group chooses, for screen readers ('Show articles'). */
  label: string;
  options: readonly Segment<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** Shows only the icons below the sm breakpoint (the labels stay as the buttons' names). */
  iconsOnPhone?: boolean;
  className?: string;
};

/** A row of toggle buttons of which one is pressed: the current choice. */
export function SegmentedControl<Value extends string>({ label, options, value, onChange, iconsOnPhone = false, className }: Props<Value>) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cx('inline-grid h-10 shrink-0 grid-flow-col rounded-xl border border-line bg-sunken p-1', className)}
    >
      {options.map((option) => {
        const active = option.value === value;
        const Icon = option.icon;
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={active}
            title={iconsOnPhone ? option.label : undefined}
            onClick={() => !active && onChange(option.value)}
            className={cx(
              'inline-flex items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium transition-colors',
              iconsOnPhone ? 'max-sm:px-2.5' : 'sm:min-w-[4.5rem]',
              active ? 'bg-surface text-ink shadow-sm' : 'text-muted hover:text-ink',
            )}
          >
            {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
            <span className={cx(iconsOnPhone && 'max-sm:sr-only')}>{option.label}</span>
          </button>
        );
      })}
    </div>
  );
}
