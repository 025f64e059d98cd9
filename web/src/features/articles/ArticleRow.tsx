import { Link } from '@tanstack/react-router';
import { useArticleLink } from './articleLink';
import ExternalLink from 'lucide-react/icons/external-link';
import { memo, useId } from 'react';
import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import type { ArticleRow_article$key } from './__generated__/ArticleRow_article.graphql';
import { AlsoInLine } from './AlsoInLine';
import { ArticleRuleMenu } from '../rules/ArticleRuleMenu';
import { ArticleCounts } from './ArticleCounts';
import { ArticleImage } from './ArticleImage';
import { CircleLine } from './CircleLine';
import { EpisodeBadge } from './EpisodeBadge';
import { LikeButton } from './LikeButton';
import { StarButton } from './StarButton';
import { useToggleLike, useToggleStar } from './useArticleActions';
import { formatDate, timeAgo } from '../../ui/dates';

type Props = {
  article: ArticleRow_article$key;
  /** The keyboard selection is on this row. */
  selected?: boolean;
  /** The row is being opened (its title was followed): mark it read. */
  onOpen?: (articleId: string) => void;
  /**
   * Drawn as a full card whether read or not: inside a share the article is what was shared, not an item of
   * the viewer's reading (an article of a feed they do not follow counts as read), so it never steps back.
   */
  framed?: boolean;
};

/**
 * One article of the list: feed, time, title, excerpt, the other feeds that carry its story, who of the people the viewer
 * follows shared or commented on it, Source, counts, picture, and the star and like toggles. The title's link covers the
 * whole card, so a click anywhere opens the reader; Source, Star, Like and the ⋯ menu (hide articles like this, mute the feed) sit above it. Read rows step back (lighter title, no card) but keep their text readable. Memoised: moving the
 * keyboard selection re-renders only the two rows it leaves and reaches. The article list and the shares both
 * show articles with it.
 */
export const ArticleRow = memo(function ArticleRow({ article, selected = false, onOpen, framed = false }: Props) {
  const data = useFragment(
    graphql`
      fragment ArticleRow_article on Article {
        id
        title
        url
        excerpt
        imageUrl
        publishedAt
        feedTitle
        isRead
        isLiked
        starred
        feed {
          id
        }
        ...EpisodeBadge_article
        ...AlsoInLine_article
        ...CircleLine_article
        counts {
          comments
          shares
          likes
        }
      }
    `,
    article,
  );
  const articleLink = useArticleLink();
  const toggleLike = useToggleLike();
  const toggleStar = useToggleStar();
  const titleId = useId();
  const published = new Date(data.publishedAt);
  const dimmed = data.isRead && !framed;

  return (
    <article
      aria-labelledby={titleId}
      aria-current={selected ? 'true' : undefined}
      data-article-id={data.id}
      className={cx(
        'group relative scroll-mb-24 scroll-mt-20 rounded-2xl border p-4 transition-colors sm:p-5 lg:scroll-mb-6',
        framed
          ? 'border-line bg-canvas hover:border-muted/40'
          : dimmed
            ? 'border-transparent bg-transparent hover:bg-sunken/60'
            : 'border-line bg-surface shadow-sm hover:border-muted/40',
        selected && 'border-accent! ring-2 ring-accent/70',
      )}
    >
      <div className="flex gap-4">
        <div className="min-w-0 flex-1">
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
            {!data.isRead && <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-accent" />}
            <span className="truncate font-medium">{data.feedTitle}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={data.publishedAt} title={formatDate(published, 'dateTime')} className="shrink-0">
              {timeAgo(published)}
            </time>
            <EpisodeBadge article={data} />
            {!data.isRead && <span className="sr-only">, unread</span>}
          </p>
          <h2 id={titleId} className="mt-1.5 font-serif text-[1.075rem] leading-snug sm:text-lg">
            <Link
              {...articleLink(data.id)}
              onClick={() => onOpen?.(data.id)}
              className={cx(
                'rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:outline-2 focus-visible:after:outline-focus',
                dimmed ? 'font-medium text-muted' : 'font-semibold text-ink',
              )}
            >
              {data.title}
            </Link>
          </h2>
          {data.excerpt && <p className="mt-1.5 line-clamp-2 text-sm leading-relaxed text-muted sm:line-clamp-3">{data.excerpt}</p>}
          <AlsoInLine article={data} className="mt-1.5 block" />
          <CircleLine article={data} className="mt-2 text-xs" />
        </div>
        {data.imageUrl && <ArticleImage src={data.imageUrl} dimmed={dimmed} />}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <ArticleCounts comments={data.counts.comments} shares={data.counts.shares} />
        <div className="flex-1" />
        {data.url && (
          <a
            href={data.url}
            target="_blank"
            rel="noopener noreferrer"
            className="relative z-10 inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-xs font-medium text-muted transition-colors hover:bg-sunken hover:text-ink"
          >
            Source
            <ExternalLink aria-hidden="true" className="size-3.5" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )}
        <StarButton starred={data.starred} onToggle={() => toggleStar(data)} className="relative z-10" />
        <LikeButton liked={data.isLiked} likes={data.counts.likes} onToggle={() => toggleLike(data)} className="relative z-10" />
        {!framed && <ArticleRuleMenu article={data} className="relative z-10 -mr-2 size-9" />}
      </div>
    </article>
  );
});
