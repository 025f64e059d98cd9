import { SHORTCUTS } from './shortcuts';

/** The keys and what each does, as a definition list: the Settings panel and the ? dialog show the same one. */
export function ShortcutList({ id }: { id?: string }) {
  return (
    <dl id={id} className="divide-y divide-line rounded-xl border border-line">
      {SHORTCUTS.map(({ keys, action }) => (
        <div key={keys} className="flex items-start gap-4 px-4 py-2.5">
          <dt className="w-14 shrink-0">
            <kbd className="inline-flex min-w-8 justify-center rounded-md border border-line bg-sunken px-2 py-0.5 font-mono text-sm font-semibold text-ink shadow-[inset_0_-1px_0_var(--line)]">
              {keys}
            </kbd>
          </dt>
          <dd className="text-[0.95rem] text-ink">{action}</dd>
        </div>
      ))}
    </dl>
  );
}
