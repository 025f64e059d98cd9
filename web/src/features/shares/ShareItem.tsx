import { Link } from '@tanstack/react-router';
import Globe from 'lucide-react/icons/globe';
import { memo } from 'react';
import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import { ArticleRow } from '../articles/ArticleRow';
import { UserAvatar } from '../people/UserAvatar';
import type { ShareItem_share$key } from './__generated__/ShareItem_share.graphql';
import { QuotedPassage } from '../../ui/QuotedPassage';
import { UnshareButton } from './UnshareButton';
import { formatDate, timeAgo } from '../../ui/dates';

type Props = {
  share: ShareItem_share$key;
  /** The keyboard selection is on this share. */
  selected: boolean;
};

/**
 * One share in a list of shares: the sharer, 'shared', the time, 'Public' when public, the quoted passage of a shared
 * highlight, the note in quotes and the article card, with the owner's unshare control. The quote and the note are
 * plain text, rendered escaped.
 * Memoised, like the article rows, for the keyboard selection.
 */
export const ShareItem = memo(function ShareItem({ share, selected }: Props) {
  const data = useFragment(
    graphql`
      fragment ShareItem_share on Share {
        id
        note
        quote
        isPublic
        createdAt
        viewerIsSharer
        user {
          id
          name
          ...UserAvatar_user
        }
        article {
          title
          ...ArticleRow_article
        }
      }
    `,
    share,
  );
  const created = new Date(data.createdAt);

  return (
    <article
      aria-label={`${data.user.name} shared ${data.article.title}`}
      aria-current={selected ? 'true' : undefined}
      data-share-id={data.id}
      className={cx(
        'scroll-mb-24 scroll-mt-20 rounded-2xl border border-line bg-surface p-3 shadow-sm transition-colors sm:p-4 lg:scroll-mb-6',
        selected && 'border-accent! ring-2 ring-accent/70',
      )}
    >
      <header className="flex items-center gap-2.5 px-1 pt-0.5 sm:gap-3">
        <UserAvatar user={data.user} />
        <p className="min-w-0 flex-1 text-sm leading-snug text-muted">
          <Link to="/user/$userId" params={{ userId: data.user.id }} className="font-semibold text-ink underline-offset-2 hover:underline">
            {data.user.name}
          </Link>{' '}
          shared <span aria-hidden="true">·</span>{' '}
          <time dateTime={data.createdAt} title={formatDate(created, 'dateTime')} className="whitespace-nowrap">
            {timeAgo(created)}
          </time>
        </p>
        {data.isPublic && (
          <span className="inline-flex h-6 shrink-0 items-center gap-1 rounded-full bg-accent-soft px-2 text-xs font-medium text-accent-strong">
            <Globe aria-hidden="true" className="size-3" />
            Public
          </span>
        )}
        {data.viewerIsSharer && <UnshareButton shareId={data.id} sharerId={data.user.id} />}
      </header>
      {data.quote && <QuotedPassage quote={data.quote} />}
      {data.note && (
        <p className="mt-2.5 whitespace-pre-line break-words px-1 font-serif text-[1.02rem] leading-relaxed text-ink">“{data.note}”</p>
      )}
      <div className="mt-3">
        <ArticleRow article={data.article} framed />
      </div>
    </article>
  );
});
