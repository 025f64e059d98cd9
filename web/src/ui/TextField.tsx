import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
};

/** The one text-input style: full height for forms, compact for the sidebar's small forms. */
export function inputClass({ invalid = false, compact = false }: { invalid?: boolean; compact?: boolean } = {}): string {
  return cx(
    'w-full rounded-lg border bg-surface px-3 text-ink placeholder:text-muted/70',
    compact ? 'h-9 text-sm' : 'h-11 text-[0.95rem]',
    'transition-colors focus:border-focus focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0',
    invalid ? 'border-danger' : 'border-line hover:border-muted/50',
  );
}

/** A labelled input with an optional hint and an error that assistive technology reads with the field. */
export function TextField({ label, hint, error, optional, className, ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={cx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {optional && <span className="ml-1.5 font-normal text-muted">(optional)</span>}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        className={inputClass({ invalid: Boolean(error) })}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
