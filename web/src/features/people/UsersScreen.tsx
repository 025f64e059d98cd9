import Users from 'lucide-react/icons/users';
import { Suspense } from 'react';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import { LoadingMore } from '../../ui/LoadingMore';
import { PageTitle } from '../../ui/PageTitle';
import { notify } from '../../ui/toast';
import { useLoadMoreOnScroll } from '../../ui/useLoadMoreOnScroll';
import type { usersQuery as UsersQuery } from './__generated__/usersQuery.graphql';
import type { UsersDirectoryPaginationQuery } from './__generated__/UsersDirectoryPaginationQuery.graphql';
import type { UsersScreen_query$key } from './__generated__/UsersScreen_query.graphql';
import { UserCard } from './UserCard';
import { usersQuery } from './usersQuery';

/** The /users screen, the users directory: a grid of cards, one per other user. */
export function UsersScreen({ queryRef }: { queryRef: PreloadedQuery<UsersQuery> }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
      <PageTitle>Users</PageTitle>
      <h1 id="page-title" className="mb-5 font-serif text-2xl font-semibold tracking-tight text-ink sm:mb-6 sm:text-3xl">
        Users
      </h1>
      <Suspense fallback={<DirectorySkeleton />}>
        <Directory queryRef={queryRef} />
      </Suspense>
    </section>
  );
}

const gridClass = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';

export const USERS_PAGE_SIZE = 30;

function Directory({ queryRef }: { queryRef: PreloadedQuery<UsersQuery> }) {
  const query = usePreloadedQuery<UsersQuery>(usersQuery, queryRef);
  const { data, loadNext, hasNext, isLoadingNext } = usePaginationFragment<UsersDirectoryPaginationQuery, UsersScreen_query$key>(
    graphql`
      fragment UsersScreen_query on Query
      @refetchable(queryName: "UsersDirectoryPaginationQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 30 }, after: { type: "String" }) {
        users(first: $first, after: $after) @connection(key: "UsersScreen_users") {
          edges {
            node {
              id
              ...UserCard_user
            }
          }
        }
      }
    `,
    query,
  );
  // The directory pages by name; the next page loads as the end of the grid comes near.
  const sentinel = useLoadMoreOnScroll<HTMLDivElement>(
    () => loadNext(USERS_PAGE_SIZE, { onComplete: (error) => error && notify.error('Failed to load users') }),
    hasNext && !isLoadingNext,
  );
  const users = data.users.edges.map((edge) => edge.node);
  if (users.length === 0) {
    return <EmptyState icon={Users} title="No other users yet" detail="You're the only user on this instance right now." />;
  }
  return (
    <>
      <ul aria-label="Users" className={gridClass}>
        {users.map((user) => (
          <li key={user.id}>
            <UserCard user={user} />
          </li>
        ))}
      </ul>
      {isLoadingNext && <LoadingMore label="Loading more users…" />}
      <div ref={sentinel} aria-hidden="true" />
    </>
  );
}

function DirectorySkeleton() {
  return (
    <div role="status" aria-label="Loading users">
      <ul aria-hidden="true" className={gridClass}>
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="flex animate-pulse items-center gap-3.5 rounded-2xl border border-line bg-surface p-4">
            <div className="size-12 rounded-full bg-sunken" />
            <div className="flex-1 space-y-2">
              <div className="h-4 w-2/3 rounded bg-sunken" />
              <div className="h-3 w-1/3 rounded bg-sunken" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
