import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button';
import { LoadFailed } from '../../ui/LoadFailed';
import { ArticlesFrame } from './ArticlesScreen';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { isMalformedIdFailure } from '../../ui/malformedIdFailure';

/**
 * What /articles shows when its list cannot be loaded ('Failed to load articles'): the
 * server's reason (an unknown feed, a bad cursor) or plain words for a lost connection, Try again, and a way to the
 * whole list. Said once, here: no toast repeats it.
 */
export function ArticleListError({ error, reset }: ErrorComponentProps) {
  const reason = listFailureReason(error);
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

/** A feed or folder id from a mangled address names no feed or folder: said as for an id of none, not as the server words the refusal. */
function listFailureReason(error: unknown): string | undefined {
  if (isMalformedIdFailure(error, 'feedId')) return 'Feed not found';
  if (isMalformedIdFailure(error, 'folderId')) return 'Folder not found';
  return loadFailureReason(error);
}
