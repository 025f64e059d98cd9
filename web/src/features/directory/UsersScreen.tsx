import { Users } from 'lucide-react';
import { Suspense } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { EmptyState } from '../../ui/EmptyState';
import type { usersQuery as UsersQuery } from './__generated__/usersQuery.graphql';
import { UserCard } from './UserCard';
import { usersQuery } from './usersQuery';

/** The /users screen (spec part 2 Users directory): a grid of cards, one per other user. */
export function UsersScreen({ queryRef }: { queryRef: PreloadedQuery<UsersQuery> }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-5xl px-4 pb-8 pt-5 sm:px-6 sm:pt-8 lg:px-8">
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

function Directory({ queryRef }: { queryRef: PreloadedQuery<UsersQuery> }) {
  const { users } = usePreloadedQuery<UsersQuery>(usersQuery, queryRef);
  if (users.length === 0) {
    return <EmptyState icon={Users} title="No other users yet" detail="You're the only user on this instance right now." />;
  }
  return (
    <ul aria-label="Users" className={gridClass}>
      {users.map((user) => (
        <li key={user.id}>
          <UserCard user={user} />
        </li>
      ))}
    </ul>
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
