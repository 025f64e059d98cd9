import type { ReactNode } from 'react';
import { PageTitle } from '../../ui/PageTitle';

type Props = { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The frame of every sign-in screen: a heading, a short line, the form and the links below it. */
export function AuthCard({ title, description, children, footer }: Props) {
  return (
    <section aria-labelledby="page-title" className="w-full sm:rounded-2xl sm:border sm:border-line sm:bg-surface sm:p-8 sm:shadow-card">
      <PageTitle>{title}</PageTitle>
      <h1 id="page-title" className="font-serif text-[1.75rem] font-semibold leading-tight tracking-tight text-ink">
        {title}
      </h1>
      {description && <p className="mt-2 text-[0.95rem] leading-relaxed text-muted">{description}</p>}
      <div className="mt-7">{children}</div>
      {footer && <div className="mt-7 border-t border-line pt-5 text-center text-sm text-muted">{footer}</div>}
    </section>
  );
}
