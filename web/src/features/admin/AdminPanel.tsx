import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatNumber } from '../../ui/counts';

/** One number of the admin panel, with what it is and a line of detail under it. */
export function StatCard({ icon: Icon, label, value, detail }: { icon: LucideIcon; label: string; value: number; detail: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm font-medium text-muted">{label}</p>
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-strong">
          <Icon aria-hidden="true" className="size-[1.1rem]" strokeWidth={1.75} />
        </span>
      </div>
      <p className="mt-2 font-serif text-3xl font-semibold tabular-nums text-ink">{formatCount(value)}</p>
      <p className="mt-1 text-sm text-muted">{detail}</p>
    </div>
  );
}

/** A titled card of the admin panel holding a list or a few figures. */
export function Panel({
  title,
  description,
  icon: Icon,
  children,
}: {
  title: string;
  description?: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const headingId = `admin-panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5">
      <header className="mb-3 flex items-start gap-2.5">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" strokeWidth={1.75} />
        <div className="min-w-0">
          <h2 id={headingId} className="font-serif text-lg font-semibold leading-tight text-ink">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
      </header>
      {children}
    </section>
  );
}

/** A list's zero state inside a panel: short, since the panel's title already says what is missing. */
export function NothingYet({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-sunken px-3 py-4 text-center text-sm text-muted">{children}</p>;
}

/** Labelled figures in a panel (Instance health, Engagement, …), in two columns. */
export function Figures({ figures }: { figures: readonly (readonly [label: string, value: string | number])[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
      {figures.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-sm text-muted">{label}</dt>
          <dd className="font-serif text-xl font-semibold tabular-nums text-ink">
            {typeof value === 'number' ? formatCount(value) : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A count with thousands separators (large totals are estimates: the server rounds them). */
export const formatCount = formatNumber;

/** "1 subscriber", "3 subscribers". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
