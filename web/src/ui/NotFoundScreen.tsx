import { Link } from '@tanstack/react-router';
import Compass from 'lucide-react/icons/compass';
import { buttonClass } from './button';
import { PageTitle } from './PageTitle';

/** The answer to a path that is not a screen of Tidings. */
export function NotFoundScreen() {
  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <PageTitle>Page not found</PageTitle>
      <Compass aria-hidden="true" className="mb-4 size-10 text-muted" strokeWidth={1.5} />
      <p className="text-sm font-medium uppercase tracking-wider text-muted">404</p>
      <h1 id="page-title" className="mt-1 font-serif text-2xl font-semibold text-ink">
        Page not found
      </h1>
      <p className="mt-2 text-muted">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link to="/shares" className={buttonClass('primary', 'md', 'mt-6')}>
        Go to Shared
      </Link>
    </section>
  );
}
