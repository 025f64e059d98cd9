import { Suspense } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { ArticleListSkeleton } from '../articles/ArticleListSkeleton';
import { ArticlesFrame } from '../articles/ArticlesScreen';
import { isMalformedIdFailure } from '../../ui/malformedIdFailure';
import type { profileQuery as ProfileQuery } from './__generated__/profileQuery.graphql';
import type { profileSharesQuery as ProfileSharesQuery } from './__generated__/profileSharesQuery.graphql';
import { ProfileHeader } from './ProfileHeader';
import { ProfileLoadFailed } from './ProfileLoadFailed';
import { profileQuery, profileSharesQuery } from './profileQueries';
import { ProfileShares } from './ProfileShares';
import { UserNotFound } from './UserNotFound';

type Queries = { profile: PreloadedQuery<ProfileQuery>; shares: PreloadedQuery<ProfileSharesQuery> };

/**
 * The /user/{userId} screen: the user, then their shares; or 'User not found' (for a mangled address too). A failed
 * load is 'Failed to load user shares' (ProfileLoadFailed), in place, or the route's error component's when the whole
 * request failed.
 */
export function ProfileScreen({ queries }: { queries: Queries }) {
  return (
    <ArticlesFrame>
      <Suspense fallback={<ProfileSkeleton />}>
        <LoadedProfile queries={queries} />
      </Suspense>
    </ArticlesFrame>
  );
}

function LoadedProfile({ queries }: { queries: Queries }) {
  const { viewer, user: loaded } = usePreloadedQuery<ProfileQuery>(profileQuery, queries.profile);
  if (!loaded.ok && isMalformedIdFailure(loaded.errors, 'id')) return <UserNotFound />;
  // The field's own errors, read the way a failed request's are (loadFailureReason).
  if (!loaded.ok) return <ProfileLoadFailed error={{ source: { errors: loaded.errors } }} />;
  const user = loaded.value;
  if (!user) return <UserNotFound />;
  return (
    <>
      <ProfileHeader user={user} isViewer={viewer?.id === user.id} />
      <Suspense fallback={<ArticleListSkeleton rows={2} />}>
        <LoadedShares queryRef={queries.shares} userId={user.id} sharesCount={user.sharesCount} />
      </Suspense>
    </>
  );
}

function LoadedShares({
  queryRef,
  userId,
  sharesCount,
}: {
  queryRef: PreloadedQuery<ProfileSharesQuery>;
  userId: string;
  sharesCount: number;
}) {
  const query = usePreloadedQuery<ProfileSharesQuery>(profileSharesQuery, queryRef);
  return <ProfileShares query={query} userId={userId} sharesCount={sharesCount} />;
}

function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile">
      <div aria-hidden="true" className="mb-8 flex flex-col items-center gap-4 sm:flex-row">
        <div className="size-20 animate-pulse rounded-full bg-sunken" />
        <div className="flex flex-col items-center gap-2 sm:items-start">
          <div className="h-8 w-48 animate-pulse rounded-lg bg-sunken" />
          <div className="h-4 w-28 animate-pulse rounded bg-sunken" />
        </div>
      </div>
    </div>
  );
}
