import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = { icon: LucideIcon; title: string; detail?: string; children?: ReactNode };

/** A list with nothing in it: what is missing, why or what will come, and (children) the ways to fill it. */
export function EmptyState({ icon: Icon, title, detail, children }: Props) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line px-6 py-14 text-center">
      <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-accent-soft text-accent-strong">
        <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <h2 className="font-serif text-xl font-semibold text-ink">{title}</h2>
      {detail && <p className="mt-1.5 max-w-sm text-[0.95rem] text-muted">{detail}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}
