import { Link, useNavigate } from '@tanstack/react-router';
import Folder from 'lucide-react/icons/folder';
import Rss from 'lucide-react/icons/rss';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import X from 'lucide-react/icons/x';
import { graphql, useFragment } from 'react-relay';
import { buttonClass } from '../../ui/button';
import { PageTitle } from '../../ui/PageTitle';
import { hiddenLine } from '../rules/ruleText';
import type { ArticlesHeader_query$key } from './__generated__/ArticlesHeader_query.graphql';
import { scopeNames } from './articleListScope';
import { ArticleSearchField } from './ArticleSearchField';
import { DensityToggle } from './DensityToggle';
import { ReaderLayoutToggle } from './ReaderLayoutToggle';
import { FilterToggle } from './FilterToggle';
import { compactSearch, filterOf, listVariables, type ArticleListSearch } from './listSearch';
import { countLine, listPageTitle } from './listSummary';
import { MarkAllReadButton } from './MarkAllReadButton';
import type { ArticleDensity } from './useSetArticleDensity';

type Props = {
  query: ArticlesHeader_query$key;
  /** The URL's search: what the switch and the search field show. */
  search: ArticleListSearch;
  /** The search the listed rows were loaded for: what the title, count and Mark All as Read speak of. */
  shownSearch: ArticleListSearch;
  /** How many articles the list holds now; null while a search's count is on its way (the line keeps its place). */
  count: number | null;
  /** The list holds more than `count`: a search's count stopped there. */
  countMore: boolean;
  /** Publish time of the newest loaded article: Mark All as Read stops there. */
  newestPublishedAt: string | null;
  onMarkedAllRead: () => void;
  density: ArticleDensity;
  onDensityChange: (density: ArticleDensity) => void;
  /** How many articles of the list's feed, folder or everything the viewer's rules hide. */
  hiddenCount: number;
};

/**
 * The article list's header: what it shows (Articles, Liked, or the feed or folder, with a
 * way back to all feeds), the count line with 'N hidden by your rules' (a link to those) when the viewer's rules hide
 * some of the scope, the Unread/All/Starred/Circle switch (not for liked; the hidden list has its way back and a link
 * to the rules instead), the search (not for circle), the Cards/Compact switch, and Mark All as Read in the unread list
 * when there is something to mark.
 */
export function ArticlesHeader({
  query,
  search,
  shownSearch,
  count,
  countMore,
  newestPublishedAt,
  onMarkedAllRead,
  density,
  onDensityChange,
  hiddenCount,
}: Props) {
  const data = useFragment(
    graphql`
      fragment ArticlesHeader_query on Query {
        folders {
          id
          name
          subscriptions {
            title
            feed {
              id
            }
          }
        }
        rootSubscriptions {
          title
          feed {
            id
          }
        }
      }
    `,
    query,
  );
  const navigate = useNavigate();
  const filter = filterOf(shownSearch);
  const urlFilter = filterOf(search);
  const { feedId, folderId, search: searchText } = listVariables(shownSearch);
  const names = scopeNames(data, { feedId, folderId });
  const listName = { unread: 'Articles', all: 'Articles', liked: 'Liked', starred: 'Starred', circle: 'Circle', hidden: 'Hidden' }[filter];
  const title = names.feedTitle ?? names.folderName ?? listName;
  // The API marks by feed or folder only, so during a search the button would mark more than is listed.
  const canMarkAll = filter === 'unread' && !searchText && (count ?? 0) > 0;
  const show = (next: ArticleListSearch, replace = false) => navigate({ to: '/articles', search: compactSearch(next), replace });

  return (
    <header className="@container mb-5 sm:mb-6">
      <PageTitle>{listPageTitle(filter, names.feedTitle ?? names.folderName ?? null, searchText)}</PageTitle>
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          {(feedId || folderId) && (
            <p className="mb-1.5 inline-flex h-7 items-center gap-1.5 rounded-full bg-accent-soft pl-2.5 pr-1 text-xs font-medium text-accent-strong">
              {feedId ? <Rss aria-hidden="true" className="size-3.5" /> : <Folder aria-hidden="true" className="size-3.5" />}
              {feedId ? 'Feed' : 'Folder'}
              <Link
                to="/articles"
                search={compactSearch({ ...search, feed: undefined, folder: undefined })}
                aria-label="Show all feeds"
                title="Show all feeds"
                className="grid size-5 place-items-center rounded-full hover:bg-accent/15"
              >
                <X aria-hidden="true" className="size-3.5" />
              </Link>
            </p>
          )}
          <h1 id="page-title" className="line-clamp-2 break-words font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
            {title}
          </h1>
          <p className="mt-1 text-sm text-muted">
            {count === null ? '\u00a0' : countLine(filter, count, countMore)}
            {(filter === 'unread' || filter === 'all') && !searchText && hiddenCount > 0 && (
              <>
                <span aria-hidden="true"> · </span>
                <Link
                  to="/articles"
                  search={compactSearch({ feed: shownSearch.feed, folder: shownSearch.folder, filter: 'hidden' })}
                  className="underline decoration-line underline-offset-2 hover:text-ink hover:decoration-muted"
                >
                  {hiddenLine(hiddenCount)}
                </Link>
              </>
            )}
          </p>
          {filter === 'hidden' && (
            <p className="mt-1 text-sm text-muted">
              What your rules hide here: it stays out of every list but Liked and Starred.{' '}
              <Link to="/settings" hash="rules" className="font-medium text-accent-strong underline-offset-2 hover:underline">
                Change your rules
              </Link>
            </p>
          )}
        </div>
        {canMarkAll && (
          <MarkAllReadButton scope={{ feedId, folderId, beforeDate: newestPublishedAt }} scopeName={names} onMarked={onMarkedAllRead} />
        )}
        <ReaderLayoutToggle />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 @xl:flex-nowrap @xl:gap-3">
        {urlFilter === 'hidden' && (
          <Link to="/articles" search={compactSearch({ ...search, filter: undefined })} className={buttonClass('secondary', 'sm')}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to the list
          </Link>
        )}
        {urlFilter !== 'liked' && urlFilter !== 'hidden' && (
          <FilterToggle
            value={urlFilter}
            // The circle view covers every feed and cannot be searched: it leaves the feed, folder and search behind.
            onChange={(next) => void show(next === 'circle' ? { filter: next } : { ...search, filter: next })}
          />
        )}
        {urlFilter !== 'circle' && (
          <ArticleSearchField
            value={search.q ?? ''}
            onSearch={(q) => void show({ ...search, q }, true)}
            className="flex-1 @max-xl:order-last @max-xl:basis-full"
          />
        )}
        <DensityToggle value={density} onChange={onDensityChange} className="@max-xl:ml-auto" />
      </div>
    </header>
  );
}
