import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button';
import { LoadFailed } from '../../ui/LoadFailed';
import { ArticlesFrame } from './ArticlesScreen';
import { loadFailureReason } from '../../ui/loadFailureReason';

/**
 * What /articles shows when its list cannot be loaded ('Failed to load articles'): the
 * server's reason (an unknown feed, a bad cursor) or plain words for a lost connection, Try again, and a way to the
 * whole list. Said once, here: no toast repeats it.
 */
export function ArticleListError({ error, reset }: ErrorComponentProps) {
  const reason = loadFailureReason(error);
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
