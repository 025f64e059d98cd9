import { Link } from '@tanstack/react-router';
import FileQuestion from 'lucide-react/icons/file-question-mark';
import { buttonClass } from '../../ui/button';
import { PageTitle } from '../../ui/PageTitle';
import { useReadingContext } from '../articles/readingContext';
import { returnDestination } from './readerNavigation';

/** The reader's answer to an article id that leads nowhere, with the way back to the list. */
export function ArticleNotFound() {
  const context = useReadingContext();
  return (
    <section aria-labelledby="page-title" className="mx-auto flex max-w-md flex-col items-center px-6 py-20 text-center">
      <PageTitle>Article not found</PageTitle>
      <span className="mb-5 grid size-14 place-items-center rounded-2xl bg-sunken text-muted">
        <FileQuestion aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      <h1 id="page-title" className="font-serif text-2xl font-semibold tracking-tight text-ink">
        Article not found
      </h1>
      <p className="mt-2 leading-relaxed text-muted">
        There is no article at this address. The link may be mistyped, or the article may have been removed from its feed.
      </p>
      <Link {...returnDestination(context)} className={buttonClass('primary', 'md', 'mt-6')}>
        {context?.kind === 'shared' ? 'Back to Shared' : 'Back to Articles'}
      </Link>
    </section>
  );
}
