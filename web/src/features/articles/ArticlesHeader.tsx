import { Link, useNavigate } from '@tanstack/react-router';
import Folder from 'lucide-react/icons/folder';
import Rss from 'lucide-react/icons/rss';
import X from 'lucide-react/icons/x';
import { graphql, useFragment } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
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
  /** How many articles the list holds now. */
  count: number;
  /** Publish time of the newest loaded article: Mark All as Read stops there. */
  newestPublishedAt: string | null;
  onMarkedAllRead: () => void;
  density: ArticleDensity;
  onDensityChange: (density: ArticleDensity) => void;
};

/**
 * The article list's header: what it shows (Articles, Liked, or the feed or folder, with a
 * way back to all feeds), the count line, the Unread/All/Starred/Circle switch (not for liked), the search (not for circle), the
 * Cards/Compact switch, and Mark All as Read in the unread list when there is something to mark.
 */
export function ArticlesHeader({ query, search, shownSearch, count, newestPublishedAt, onMarkedAllRead, density, onDensityChange }: Props) {
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
  const listName = { unread: 'Articles', all: 'Articles', liked: 'Liked', starred: 'Starred', circle: 'Circle' }[filter];
  const title = names.feedTitle ?? names.folderName ?? listName;
  // The API marks by feed or folder only, so during a search the button would mark more than is listed.
  const canMarkAll = filter === 'unread' && count > 0 && !searchText;
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
          <p className="mt-1 text-sm text-muted">{countLine(filter, count)}</p>
        </div>
        {canMarkAll && (
          <MarkAllReadButton scope={{ feedId, folderId, beforeDate: newestPublishedAt }} scopeName={names} onMarked={onMarkedAllRead} />
        )}
        <ReaderLayoutToggle />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-2 @xl:flex-nowrap @xl:gap-3">
        {urlFilter !== 'liked' && (
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
