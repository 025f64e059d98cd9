import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { VIEW_COOKIE, viewCookieValue, writeDrawCookie } from '../../auth/drawCookies';
import { SessionExpiredError } from '../../relay/fetchGraphQL';
import { cx } from '../../ui/cx';
import { LoadingMore } from '../../ui/LoadingMore';
import { loadFailureReason } from '../../ui/loadFailureReason';
import { notify } from '../../ui/toast';
import { useListKeyboardNavigation } from '../keyboard/useListKeyboardNavigation';
import type { ArticleList_query$key } from './__generated__/ArticleList_query.graphql';
import type { ArticleListEmpty_query$key } from './__generated__/ArticleListEmpty_query.graphql';
import type { ArticleListPaginationQuery } from './__generated__/ArticleListPaginationQuery.graphql';
import type { ArticlesHeader_query$key } from './__generated__/ArticlesHeader_query.graphql';
import { useArticleLink } from './articleLink';
import { loadedList, reloadArticleList } from './articleListFetch';
import { ArticleCompactRow } from './ArticleCompactRow';
import { ArticleListEmpty } from './ArticleListEmpty';
import { publishArticleList } from './publishArticleList';
import { ArticleRow } from './ArticleRow';
import { ArticlesHeader } from './ArticlesHeader';
import { useFirstCommitRows } from './firstPaintRows';
import { filterOf, listVariables, PAGE_SIZE, searchTextOf, type ArticleListSearch } from './listSearch';
import { useListFollowsUrl } from './useListFollowsUrl';
import { currentCount, listCount } from './listSummary';
import { useMarkReadOnScroll } from './markReadOnScroll';
import { useSearchCount } from './searchCount';
import { NewArticlesPill } from './NewArticlesPill';
import { useNewArticles } from './newArticles';
import { loadSavedView, saveView } from './savedView';
import { useArticleListReloads } from './useArticleListReloads';
import { useMarkArticleRead } from './useArticleActions';
import { useArticleShortcuts } from './useArticleShortcuts';
import { useLoadMoreOnScroll } from '../../ui/useLoadMoreOnScroll';
import { densityOf, useSetArticleDensity } from './useSetArticleDensity';
import { appStorage } from '../../auth/storage';

type Props = {
  query: ArticleList_query$key;
  header: ArticlesHeader_query$key;
  /** What the empty list needs to know: whether the reader follows any feed. */
  empty: ArticleListEmpty_query$key;
  search: ArticleListSearch;
  /** The search the query was loaded with; a URL that asks for other articles is refetched. */
  loadedSearch: ArticleListSearch;
  /** Whether articles open beside the list (a wide screen) rather than on the reader's own page. */
  readerBeside?: boolean;
  /** The article open beside the list, if any. */
  openArticle?: string;
};

const reportLoadFailure = (error: unknown) => {
  // An ended session is reported once, by the network layer. The rows stay on screen, so a toast says it.
  if (!(error instanceof SessionExpiredError))
    notify.error('Failed to load articles', { id: 'articles-load', description: loadFailureReason(error) });
};

/**
 * The article list: the header, the rows (cards or compact, as the viewer chose), more rows
 * as the end scrolls into view, j / k / Enter / Escape and s (star), reloads, new articles as they arrive, and the
 * reader's context. The URL
 * is the list's state: a change refetches while the current rows stay on screen (dimmed) until the new ones arrive.
 */
export function ArticleList({ query, header, empty, search, loadedSearch, readerBeside = false, openArticle }: Props) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<ArticleListPaginationQuery, ArticleList_query$key>(
    graphql`
      fragment ArticleList_query on Query
      @refetchable(queryName: "ArticleListPaginationQuery")
      @argumentDefinitions(
        filter: { type: "ArticleFilter!" }
        feedId: { type: "ID" }
        folderId: { type: "ID" }
        search: { type: "String" }
        countUpTo: { type: "Int" }
        countApart: { type: "Boolean", defaultValue: false }
        first: { type: "Int!" }
        after: { type: "String" }
      ) {
        viewer {
          id
          articleDensity
        }
        articles(filter: $filter, feedId: $feedId, folderId: $folderId, search: $search, first: $first, after: $after)
          @connection(key: "ArticleList_articles", filters: ["filter", "feedId", "folderId", "search"]) {
          totalCount(upTo: $countUpTo) @skip(if: $countApart)
          pageInfo {
            endCursor
            hasNextPage
          }
          edges {
            node {
              id
              isRead
              isLiked
              starred
              url
              # Which sidebar counts a read moves at once (useArticleActions).
              feed {
                id
              }
              counts {
                comments
                shares
                likes
              }
              publishedAt
              ...ArticleRow_article
              ...ArticleCompactRow_article
            }
          }
        }
        # How many of the scope's articles the viewer's rules hide: the header's "N hidden by your rules".
        hiddenArticles: articles(filter: HIDDEN, feedId: $feedId, folderId: $folderId, first: 1) {
          totalCount
        }
      }
    `,
    query,
  );
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const { session } = useRouteContext({ from: '__root__' });
  const markRead = useMarkArticleRead();
  const density = densityOf(data.viewer?.articleDensity);
  const setDensity = useSetArticleDensity(data.viewer?.id ?? '');
  const { shown, isPending } = useListFollowsUrl(search, loadedSearch, refetch);
  const filter = filterOf(shown);
  const variables = listVariables(shown);
  const rows = useMemo(() => data.articles.edges.map(({ node }) => node), [data.articles.edges]);
  const apartCount = useSearchCount(variables, hasNext);
  const counted = listCount(data.articles.totalCount ?? apartCount, variables.countUpTo, { rows: rows.length, hasMore: hasNext });
  const [countN, countMore] = [counted?.n ?? null, counted?.more ?? false];
  const ids = useMemo(() => rows.map((row) => row.id), [rows]);

  const load = () => void reloadArticleList(environment, variables, rows.length).catch(reportLoadFailure);
  const newArticles = useNewArticles(shown, rows.length === 0, load);
  const reload = () => {
    newArticles.clear();
    load();
  };
  useArticleListReloads(reload);

  useEffect(() => {
    publishArticleList(environment, shown, loadedList(data, countN === null ? null : { n: countN, more: countMore }));
    const userId = session.get()?.user.id;
    if (!userId) return;
    saveView(appStorage, userId, shown);
    writeDrawCookie(VIEW_COOKIE, viewCookieValue(userId, loadSavedView(appStorage, userId)));
  }, [environment, shown, data, session, countN, countMore]);

  const loadMore = () => {
    if (hasNext && !isLoadingNext) loadNext(PAGE_SIZE, { onComplete: (error) => error && reportLoadFailure(error) });
  };
  const sentinel = useLoadMoreOnScroll<HTMLDivElement>(loadMore, hasNext && !isLoadingNext && !isPending);

  // An article becomes read when it is opened from the list or held selected for 500 ms.
  // Stable (it reads the rows through a ref), so the memoised rows do not re-render for it.
  const currentRows = useRef(rows);
  useEffect(() => {
    currentRows.current = rows;
  });
  const markReadIfUnread = useCallback(
    (id: string) => {
      if (currentRows.current.find((row) => row.id === id)?.isRead === false) markRead(id);
    },
    [markRead],
  );
  const articleLink = useArticleLink();
  const open = (id: string) => {
    markReadIfUnread(id);
    void navigate(articleLink(id));
  };
  // Beside the list, j and k open the article they select; stepping replaces the history entry, as the reader's own
  // page does, so Back leaves the list instead of walking back through every article.
  const openBeside = (id: string) => void navigate({ ...articleLink(id), replace: true });
  const list = useRef<HTMLOListElement>(null);
  const { selectedId, select } = useListKeyboardNavigation({
    ids,
    onOpen: open,
    onSelect: readerBeside ? openBeside : undefined,
    onDwell: markReadIfUnread,
    onReachEnd: loadMore,
    itemElement: (id) => list.current?.querySelector(`[data-article-id="${CSS.escape(id)}"]`) ?? null,
  });
  // The article open beside the list is the selected one, however it was opened (a click, Back, the address).
  const selectOpened = useRef(select);
  useEffect(() => {
    selectOpened.current = select;
  });
  useEffect(() => {
    if (openArticle) selectOpened.current(openArticle);
  }, [openArticle]);
  useArticleShortcuts(rows.find((row) => row.id === selectedId) ?? null);
  const Row = density === 'compact' ? ArticleCompactRow : ArticleRow;
  // A fresh page load paints the screen's rows before drawing those below it (firstPaintRows.ts).
  const drawnRows = useDeferredValue(data.articles.edges.length, useFirstCommitRows(density));
  useMarkReadOnScroll(list, markReadIfUnread, drawnRows);

  return (
    <>
      <ArticlesHeader
        query={header}
        search={search}
        shownSearch={shown}
        count={countN === null || countMore ? countN : currentCount(filter, countN, rows)}
        countMore={countMore}
        newestPublishedAt={rows[0]?.publishedAt ?? null}
        hiddenCount={data.hiddenArticles.totalCount}
        onMarkedAllRead={reload}
        density={density}
        onDensityChange={setDensity}
      />
      <NewArticlesPill count={newArticles.count} onShow={newArticles.show} />
      <div aria-busy={isPending} className={cx('transition-opacity', isPending && 'opacity-60')}>
        {rows.length === 0 ? (
          <ArticleListEmpty query={empty} filter={filter} searchText={searchTextOf(shown)} />
        ) : (
          <ol
            ref={list}
            aria-label="Articles"
            className={cx('flex flex-col', density === 'compact' ? '-mx-2 divide-y divide-line/70 sm:-mx-3' : 'gap-3')}
          >
            {data.articles.edges.slice(0, drawnRows).map(({ node }) => (
              <li key={node.id}>
                <Row article={node} selected={node.id === selectedId} onOpen={markReadIfUnread} />
              </li>
            ))}
          </ol>
        )}
        <div ref={sentinel} />
        {isLoadingNext && <LoadingMore label="Loading more articles…" />}
      </div>
    </>
  );
}
