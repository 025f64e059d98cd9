import Check from 'lucide-react/icons/check';
import Copy from 'lucide-react/icons/copy';
import KeyRound from 'lucide-react/icons/key-round';
import { buttonClass } from '../../ui/button';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';

/** A token's secret, right after it was created: the one time it can be seen, with a copy button. */
export function NewTokenSecret({ secret, name }: { secret: string; name: string }) {
  const [copy, copied] = useCopyToClipboard('Token copied to clipboard!');
  return (
    <div role="status" className="rounded-xl border border-accent/40 bg-accent-soft/60 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-ink">
        <KeyRound aria-hidden="true" className="size-4 text-accent-strong" />
        Your new token “{name}”
      </p>
      <p className="mt-1 text-sm text-muted">Copy it now: it is shown only this once. Anyone who has it can read and share as you.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          aria-label="Token"
          className="min-w-0 flex-1 select-all break-all rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm text-ink"
        >
          {secret}
        </code>
        <button type="button" onClick={() => copy(secret)} className={buttonClass('primary', 'sm', 'min-w-32')}>
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? 'Copied' : 'Copy token'}
        </button>
      </div>
    </div>
  );
}
