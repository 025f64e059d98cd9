import { Link } from '@tanstack/react-router';
import { graphql, useFragment } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
import { feedLink } from '../feeds/selection';
import type { ArticleHeader_article$key } from './__generated__/ArticleHeader_article.graphql';
import { ArticleAlsoIn } from './ArticleAlsoIn';
import { CircleLine } from '../articles/CircleLine';
import { formatDate, timeAgo } from '../../ui/dates';

type Props = { article: ArticleHeader_article$key; titleId: string };

/**
 * The article's feed (a link to its list), its title (a link to the original), when it was published and by whom,
 * who of the people the viewer follows shared or commented on it, and the other feeds that carry its story. A
 * newsletter issue also links to where its sender takes unsubscriptions.
 */
export function ArticleHeader({ article, titleId }: Props) {
  const data = useFragment(
    graphql`
      fragment ArticleHeader_article on Article {
        title
        url
        author
        publishedAt
        feedTitle
        unsubscribeUrl
        feed {
          id
        }
        ...ArticleAlsoIn_article
        ...CircleLine_article
      }
    `,
    article,
  );
  const published = new Date(data.publishedAt);
  return (
    <header className="mb-8 border-b border-line pb-7 sm:mb-10 sm:pb-8">
      <PageTitle>{data.title}</PageTitle>
      <Link
        {...feedLink(data.feed.id)}
        className="rounded text-[0.8125rem] font-semibold uppercase tracking-wider text-accent-strong underline-offset-4 hover:underline"
      >
        {data.feedTitle}
      </Link>
      <h1
        id={titleId}
        className="mt-3 text-balance break-words font-serif text-[1.75rem] font-semibold leading-tight tracking-tight text-ink sm:text-[2.375rem]"
      >
        {data.url ? (
          <a
            href={data.url}
            target="_blank"
            rel="noopener noreferrer"
            className="rounded decoration-2 underline-offset-[0.2em] hover:underline"
          >
            {data.title}
          </a>
        ) : (
          data.title
        )}
      </h1>
      <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
        <time dateTime={data.publishedAt} title={formatDate(published, 'weekdayDateTime')}>
          {timeAgo(published)}
        </time>
        {data.author && (
          <>
            <span aria-hidden="true">·</span>
            <span className="break-words">by {data.author}</span>
          </>
        )}
        {data.unsubscribeUrl && (
          <>
            <span aria-hidden="true">·</span>
            {/* A mailto: address opens the mail app, as a link does anywhere else. */}
            <a
              href={data.unsubscribeUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded underline decoration-line underline-offset-4 hover:text-ink hover:decoration-current"
            >
              Unsubscribe from this newsletter
            </a>
          </>
        )}
      </p>
      <CircleLine article={data} className="mt-3 text-sm" />
      <ArticleAlsoIn article={data} />
    </header>
  );
}
