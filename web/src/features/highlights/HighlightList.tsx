import { Link } from '@tanstack/react-router';
import Highlighter from 'lucide-react/icons/highlighter';
import { useMemo, useState, useTransition } from 'react';
import { graphql, usePaginationFragment } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingMore } from '../../ui/LoadingMore';
import { notify } from '../../ui/toast';
import { useLoadMoreOnScroll } from '../../ui/useLoadMoreOnScroll';
import type { HighlightList_query$key } from './__generated__/HighlightList_query.graphql';
import type { HighlightListPaginationQuery } from './__generated__/HighlightListPaginationQuery.graphql';
import { groupByArticle } from './groupByArticle';
import { HighlightItem } from './HighlightItem';
import { HIGHLIGHTS_PAGE_SIZE } from './highlightsQuery';
import { HighlightsSearchField } from './HighlightsSearchField';
import { ShareQuoteDialog } from './ShareQuoteDialog';
import { useDeleteHighlight } from './useDeleteHighlight';

/** What the screen says before anything is highlighted: how to make the first one. */
export const EMPTY_HINT = 'Select a passage in an article and choose Highlight (or press h) to keep it here, with a note if you like.';

/**
 * The viewer's highlights, newest first, grouped by article (each title opens the reader), searchable, with more
 * loaded as the end scrolls into view.
 */
export function HighlightList({ query }: { query: HighlightList_query$key }) {
  const { data, loadNext, hasNext, isLoadingNext, refetch } = usePaginationFragment<HighlightListPaginationQuery, HighlightList_query$key>(
    graphql`
      fragment HighlightList_query on Query
      @refetchable(queryName: "HighlightListPaginationQuery")
      @argumentDefinitions(first: { type: "Int!" }, after: { type: "String" }, search: { type: "String" }) {
        highlights(first: $first, after: $after, search: $search) @connection(key: "HighlightList_highlights", filters: ["search"]) {
          __id
          edges {
            node {
              id
              article {
                id
                title
                feed {
                  title
                }
              }
              ...HighlightItem_highlight
            }
          }
        }
      }
    `,
    query,
  );
  const [searching, startSearch] = useTransition();
  const [words, setWords] = useState('');
  const [sharing, setSharing] = useState<{ id: string; exact: string } | null>(null);
  const search = (text: string) => {
    setWords(text.trim());
    startSearch(() => {
      refetch({ search: text.trim() || null, first: HIGHLIGHTS_PAGE_SIZE }, { fetchPolicy: 'store-and-network' });
    });
  };
  const connections = useMemo(() => [data.highlights.__id], [data.highlights.__id]);
  const deleteHighlight = useDeleteHighlight(connections);
  const groups = useMemo(() => groupByArticle(data.highlights.edges.map(({ node }) => node)), [data.highlights.edges]);
  const loadMore = () => {
    if (hasNext && !isLoadingNext)
      loadNext(HIGHLIGHTS_PAGE_SIZE, { onComplete: (error) => error && notify.error('Failed to load more highlights') });
  };
  const sentinel = useLoadMoreOnScroll<HTMLDivElement>(loadMore, hasNext && !isLoadingNext);

  return (
    <>
      <HighlightsSearchField onSearch={search} className="mb-6" />
      <div aria-busy={searching || undefined} className={searching ? 'opacity-60 transition-opacity' : undefined}>
        {groups.length === 0 ? (
          <EmptyState
            icon={Highlighter}
            title={words ? `No highlights match “${words}”` : 'No highlights yet'}
            detail={words ? 'The search looks in the highlighted text, the notes and the articles’ titles.' : EMPTY_HINT}
          />
        ) : (
          <ol aria-label="Highlights by article" className="flex flex-col gap-8">
            {groups.map(({ articleId, highlights }) => {
              const { article } = highlights[0]!;
              return (
                <li key={articleId} className="flex flex-col gap-4">
                  <header>
                    <Link
                      to="/article/$id"
                      params={{ id: articleId }}
                      className="font-serif text-lg font-semibold leading-snug text-ink underline-offset-2 hover:underline"
                    >
                      {article.title || 'Untitled article'}
                    </Link>
                    {article.feed.title && <p className="text-sm text-muted">{article.feed.title}</p>}
                  </header>
                  <ul className="flex flex-col gap-5">
                    {highlights.map((highlight) => (
                      <li key={highlight.id}>
                        <HighlightItem
                          highlight={highlight}
                          onDelete={() => deleteHighlight(highlight.id, articleId)}
                          onShare={setSharing}
                        />
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <ShareQuoteDialog highlight={sharing} onClose={() => setSharing(null)} />
      <div ref={sentinel} />
      {isLoadingNext && <LoadingMore label="Loading more highlights…" />}
    </>
  );
}
