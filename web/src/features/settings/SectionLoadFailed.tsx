import { buttonClass } from '../../ui/button';

/** What a settings section that loads on its own shows when that fails: the spec's message and Try again. */
export function SectionLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl bg-sunken px-4 py-6 text-center text-sm text-muted">
      <p>{message}</p>
      <button type="button" onClick={onRetry} className={buttonClass('secondary', 'sm', 'mt-3')}>
        Try again
      </button>
    </div>
  );
}
