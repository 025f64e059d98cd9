import { Link } from '@tanstack/react-router';
import { memo, useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { ArticleCompactRow_article$key } from './__generated__/ArticleCompactRow_article.graphql';
import { shortAge } from './shortAge';
import { StarButton } from './StarButton';
import { useToggleStar } from './useArticleActions';
import { formatDate } from '../../ui/dates';

type Props = {
  article: ArticleCompactRow_article$key;
  /** The keyboard selection is on this row. */
  selected?: boolean;
  /** The row is being opened (its title was followed): mark it read. */
  onOpen?: (articleId: string) => void;
};

/**
 * One article of the compact list: feed, title and time on one line (two short lines on a phone), the
 * unread ones marked and bold. The title's link covers the row. The star shows when set, and otherwise when the
 * row is hovered or holds the focus (always on touch screens, which cannot hover), so Tab reaches it.
 */
export const ArticleCompactRow = memo(function ArticleCompactRow({ article, selected = false, onOpen }: Props) {
  const data = useFragment(
    graphql`
      fragment ArticleCompactRow_article on Article {
        id
        title
        publishedAt
        feedTitle
        isRead
        starred
      }
    `,
    article,
  );
  const toggleStar = useToggleStar();
  const titleId = useId();
  const published = new Date(data.publishedAt);

  return (
    <article
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
      data-article-id={data.id}
      className={cx(
        'group relative flex scroll-mb-24 scroll-mt-20 items-center gap-2 rounded-lg py-1.5 pl-3 pr-1 transition-colors hover:bg-sunken/70 sm:h-8.5 sm:py-0 lg:scroll-mb-6',
        selected && 'bg-accent-soft/60 ring-2 ring-accent/70 ring-inset',
      )}
    >
      <span aria-hidden="true" className={cx('size-1.5 shrink-0 rounded-full', data.isRead ? 'bg-transparent' : 'bg-accent')} />
      <div className="flex min-w-0 flex-1 flex-col-reverse gap-0.5 sm:flex-row sm:items-center sm:gap-3">
        <span className={cx('truncate text-xs sm:w-36 sm:shrink-0 sm:text-[0.8125rem]', data.isRead ? 'text-muted/80' : 'text-muted')}>
          {data.feedTitle}
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm">
          <Link
            to="/article/$id"
            params={{ id: data.id }}
            onClick={() => onOpen?.(data.id)}
            className={cx(
              'outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-focus',
              data.isRead ? 'text-muted' : 'font-semibold text-ink',
            )}
          >
            {data.title}
          </Link>
        </h2>
      </div>
      <time
        dateTime={data.publishedAt}
        title={formatDate(published, 'dateTime')}
        className="min-w-12 shrink-0 whitespace-nowrap text-right text-xs tabular-nums text-muted"
      >
        {shortAge(published, new Date())}
      </time>
      {!data.isRead && <span className="sr-only">, unread</span>}
      <StarButton
        starred={data.starred}
        onToggle={() => toggleStar(data)}
        size="sm"
        className={cx(
          'relative z-10',
          !data.starred && 'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100',
        )}
      />
    </article>
  );
});
