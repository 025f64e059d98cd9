import { useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { LoadingMore } from '../../ui/LoadingMore';
import { publishList, type ListSource } from '../articles/readingContext';
import { useLoadMoreOnScroll } from '../../ui/useLoadMoreOnScroll';
import { useListKeyboardNavigation } from '../keyboard/useListKeyboardNavigation';
import type { ShareItem_share$key } from './__generated__/ShareItem_share.graphql';
import { loadedShares } from './sharedList';
import { ShareItem } from './ShareItem';

type Share = ShareItem_share$key & { readonly id: string; readonly article: { readonly id: string } };

type Props = {
  /** The loaded shares: the list fragment's `shares` connection. */
  connection: {
    readonly edges: readonly { readonly node: Share }[];
    readonly pageInfo: { readonly hasNextPage: boolean; readonly endCursor?: string | null };
  };
  /** Where the list comes from, for the reader (memoise it: a new one publishes the list again). */
  source: ListSource;
  /** How many shares the whole list holds, when the caller knows. */
  knownTotal?: number;
  hasNext: boolean;
  isLoadingNext: boolean;
  /** Loads the next page, unless one is loading or none is left. */
  loadMore: () => void;
  /** What an empty list shows. */
  empty: ReactNode;
};

/**
 * A list of shares (the Shared list, a profile): the items, more as the end scrolls into view, j / k / Enter /
 * Escape, and the reader's context, so an article opened here shows 'n/total' and Escape
 * comes back. Opening needs no marking: the reader marks what it opens read.
 */
export function ShareList({ connection, source, knownTotal, hasNext, isLoadingNext, loadMore, empty }: Props) {
  const navigate = useNavigate();
  const shares = useMemo(() => connection.edges.map(({ node }) => node), [connection.edges]);
  const ids = useMemo(() => shares.map((share) => share.id), [shares]);
  const loaded = useMemo(() => loadedShares(connection, knownTotal), [connection, knownTotal]);

  useEffect(() => publishList(source, loaded), [source, loaded]);

  const sentinel = useLoadMoreOnScroll<HTMLDivElement>(loadMore, hasNext && !isLoadingNext);
  const list = useRef<HTMLOListElement>(null);
  const { selectedId } = useListKeyboardNavigation({
    ids,
    onOpen: (id) => {
      const share = shares.find((candidate) => candidate.id === id);
      if (share) void navigate({ to: '/article/$id', params: { id: share.article.id } });
    },
    onReachEnd: loadMore,
    itemElement: (id) => list.current?.querySelector(`[data-share-id="${CSS.escape(id)}"]`) ?? null,
  });

  if (shares.length === 0) return empty;
  return (
    <>
      <ol ref={list} aria-label="Shared articles" className="flex flex-col gap-4">
        {shares.map((share) => (
          <li key={share.id}>
            <ShareItem share={share} selected={share.id === selectedId} />
          </li>
        ))}
      </ol>
      <div ref={sentinel} />
      {isLoadingNext && <LoadingMore label="Loading more shares…" />}
    </>
  );
}
