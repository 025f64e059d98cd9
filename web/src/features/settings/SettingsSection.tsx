import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type Props = {
  /** The anchor: /settings#<id> opens the screen at this section. */
  id: string;
  title: string;
  description: string;
  icon: LucideIcon;
  children: ReactNode;
};

/** One section of Account Settings: every section has the same card, heading and anchor. */
export function SettingsSection({ id, title, description, icon: Icon, children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="scroll-mt-32 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-6 lg:scroll-mt-20"
    >
      <header className="mb-5 flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-strong">
          <Icon aria-hidden="true" className="size-5" strokeWidth={1.75} />
        </span>
        <div className="min-w-0">
          {/* The section list moves the focus here (tabindex -1): the heading at the top says where it went, no ring. */}
          <h2 id={headingId} className="font-serif text-xl font-semibold leading-tight text-ink outline-none">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted">{description}</p>
        </div>
      </header>
      {children}
    </section>
  );
}

/** A part of a section under its own small heading (e.g. Import OPML inside Feed Management). */
export function SettingsGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="border-t border-line pt-5 first:border-t-0 first:pt-0">
      <h3 className="mb-3 text-[0.95rem] font-semibold text-ink">{title}</h3>
      {children}
    </div>
  );
}
