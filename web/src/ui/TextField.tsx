import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
};

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
        className={cx(
          'h-11 w-full rounded-lg border bg-surface px-3 text-[0.95rem] text-ink placeholder:text-muted/70',
          'transition-colors focus:border-focus focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0',
          error ? 'border-danger' : 'border-line hover:border-muted/50',
        )}
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
