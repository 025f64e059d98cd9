import type { LucideIcon } from 'lucide-react';
import { PageTitle } from './PageTitle';

type Props = { icon: LucideIcon; title: string; children: string };

/** A screen that a later issue fills: says what it is and what will be here, never a blank page. */
export function Placeholder({ icon: Icon, title, children }: Props) {
  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-xl flex-col items-center px-6 py-16 text-center sm:py-24">
      <PageTitle>{title}</PageTitle>
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-accent-soft text-accent-strong">
        <Icon aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      <h1 id="page-title" className="font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
        {title}
      </h1>
      <p className="mt-3 text-[0.975rem] leading-relaxed text-muted">{children}</p>
      <p className="mt-6 rounded-full border border-line px-3 py-1 text-xs font-medium uppercase tracking-wider text-muted">Coming soon</p>
    </section>
  );
}
