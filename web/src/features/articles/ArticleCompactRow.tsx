import { Link } from '@tanstack/react-router';
import { useArticleLink } from './articleLink';
import { memo, useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { ArticleCompactRow_article$key } from './__generated__/ArticleCompactRow_article.graphql';
import { ArticleRuleMenu } from '../rules/ArticleRuleMenu';
import { AlsoInLine } from './AlsoInLine';
import { shortAge } from './shortAge';
import { StarButton } from './StarButton';
import { useToggleStar } from './useArticleActions';
import { formatDate } from '../../ui/dates';

/** Shown with a mouse only while the row is hovered, the control focused or its menu open; always on touch screens. */
const ON_HOVER =
  'pointer-fine:opacity-0 pointer-fine:group-hover:opacity-100 pointer-fine:focus-visible:opacity-100 pointer-fine:data-[state=open]:opacity-100';

type Props = {
  article: ArticleCompactRow_article$key;
  /** The keyboard selection is on this row. */
  selected?: boolean;
  /** The row is being opened (its title was followed): mark it read. */
  onOpen?: (articleId: string) => void;
};

/**
 * One article of the compact list: feed, title (and the other feeds that carry its story) and time on one line (on a
 * phone, the title on a line of its own over the feed, time and star, so that it has the row's width), the unread ones
 * marked and bold. The title's link covers the row. The star shows when set, and otherwise when the row is hovered or
 * holds the focus (always on touch screens, which cannot hover), so Tab reaches it; the ⋯ menu (hide articles like
 * this, mute the feed) likewise, and while it is open.
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
        feed {
          id
        }
        ...AlsoInLine_article
      }
    `,
    article,
  );
  const articleLink = useArticleLink();
  const toggleStar = useToggleStar();
  const titleId = useId();
  const published = new Date(data.publishedAt);

  return (
    <article
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
      data-article-id={data.id}
      className={cx(
        // A phone: the title on a line of its own, the row's whole width, and under it the feed, the time and the star.
        // From sm: one line of feed, title, time and star.
        'group relative grid scroll-mb-24 scroll-mt-20 grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 gap-y-0.5 rounded-lg py-1.5 pl-3 pr-1 transition-colors hover:bg-sunken/70',
        'sm:h-8.5 sm:grid-cols-[auto_9rem_minmax(0,1fr)_auto_auto] sm:py-0 lg:scroll-mb-6',
        selected && 'bg-accent-soft/60 ring-2 ring-accent/70 ring-inset',
      )}
    >
      <span
        aria-hidden="true"
        className={cx('row-span-2 size-1.5 shrink-0 rounded-full sm:row-span-1', data.isRead ? 'bg-transparent' : 'bg-accent')}
      />
      {/* The other feeds of the story end the title's line, which keeps the room it had; outside the heading, which names the row. */}
      <div className="col-span-2 col-start-2 row-start-1 flex min-w-0 items-baseline gap-2 sm:col-span-1 sm:col-start-3">
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm">
          <Link
            {...articleLink(data.id)}
            onClick={() => onOpen?.(data.id)}
            className={cx(
              'outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-focus',
              data.isRead ? 'text-muted' : 'font-semibold text-ink',
            )}
          >
            {data.title}
          </Link>
        </h2>
        <AlsoInLine article={data} className="max-w-[45%] shrink-0" />
      </div>
      <div
        className={cx(
          'col-start-2 row-start-2 flex min-w-0 items-baseline gap-1.5 text-xs sm:contents',
          data.isRead ? 'text-muted/80' : 'text-muted',
        )}
      >
        <span className="min-w-0 truncate sm:col-start-2 sm:row-start-1 sm:pr-1 sm:text-[0.8125rem]">{data.feedTitle}</span>
        <span aria-hidden="true" className="shrink-0 sm:hidden">
          ·
        </span>
        <time
          dateTime={data.publishedAt}
          title={formatDate(published, 'dateTime')}
          className="shrink-0 whitespace-nowrap tabular-nums text-muted sm:col-start-4 sm:row-start-1 sm:min-w-12 sm:text-right"
        >
          {shortAge(published, new Date())}
        </time>
      </div>
      {!data.isRead && <span className="sr-only">, unread</span>}
      <div className="relative z-10 col-start-3 row-start-2 -my-2 flex items-center sm:col-start-5 sm:row-start-1 sm:my-0">
        <StarButton starred={data.starred} onToggle={() => toggleStar(data)} size="sm" className={cx(!data.starred && ON_HOVER)} />
        <ArticleRuleMenu article={data} className={cx('size-8 rounded-full', ON_HOVER)} />
      </div>
    </article>
  );
});
