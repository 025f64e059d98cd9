import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { buttonClass } from '../../ui/button';
import { LoadFailed } from '../../ui/LoadFailed';
import { notify } from '../../ui/toast';
import { ArticlesFrame } from './ArticlesScreen';
import { loadFailureReason } from './loadFailureReason';

/**
 * What /articles shows when its list cannot be loaded (spec part 1 §8: 'Failed to load articles'): the
 * server's reason (an unknown feed, a bad cursor), Try again, and a way to the whole list.
 */
export function ArticleListError({ error, reset }: ErrorComponentProps) {
  const reason = loadFailureReason(error);
  useEffect(() => {
    notify.error('Failed to load articles', { id: 'articles-load', description: reason });
  }, [reason]);
  return (
    <ArticlesFrame>
      <LoadFailed title="Failed to load articles" reason={reason} reset={reset}>
        <Link to="/articles" search={{ filter: 'unread' }} className={buttonClass('ghost')}>
          Show all unread articles
        </Link>
      </LoadFailed>
    </ArticlesFrame>
  );
}
