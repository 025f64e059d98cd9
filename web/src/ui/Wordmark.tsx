import { cx } from './cx';

/** The Tidings mark: a T over a wave, for the tide of news. */
export function TidingsMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('shrink-0', className)}>
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M9.5 9.5h13M16 9.5v11" className="stroke-on-accent" strokeWidth="2.8" strokeLinecap="round" fill="none" />
      <path
        d="M8.5 24.5c2.5-1.8 5-1.8 7.5 0s5 1.8 7.5 0"
        className="stroke-on-accent"
        strokeWidth="2.2"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** The product's wordmark "Tidings" beside its mark. */
export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2.5 font-serif text-[1.35rem] font-semibold tracking-tight text-ink', className)}>
      <TidingsMark className="size-7" />
      Tidings
    </span>
  );
}
