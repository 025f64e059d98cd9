import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { buttonClass } from '../../ui/button';
import { notify } from '../../ui/toast';
import { ArticlesFrame } from './ArticlesScreen';
import { loadFailureReason } from './loadFailureReason';

/**
 * What /articles shows when its list cannot be loaded (spec part 1 §8: 'Failed to load articles'): the
 * server's reason (an unknown feed, a bad cursor), Try again, and a way to the whole list.
 */
export function ArticleListError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const reason = loadFailureReason(error);
  useEffect(() => {
    notify.error('Failed to load articles', { id: 'articles-load', description: reason });
  }, [reason]);
  const retry = () => {
    void router.invalidate();
    reset();
  };
  return (
    <ArticlesFrame>
      <div role="alert" className="flex flex-col items-center px-6 py-16 text-center">
        <TriangleAlert aria-hidden="true" className="mb-4 size-10 text-danger" strokeWidth={1.75} />
        <h1 id="page-title" className="font-serif text-2xl font-semibold text-ink">
          Failed to load articles
        </h1>
        {reason && <p className="mt-2 max-w-md text-muted">{reason}</p>}
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <button type="button" onClick={retry} className={buttonClass('secondary')}>
            Try again
          </button>
          <Link to="/articles" search={{ filter: 'unread' }} className={buttonClass('ghost')}>
            Show all unread articles
          </Link>
        </div>
      </div>
    </ArticlesFrame>
  );
}
