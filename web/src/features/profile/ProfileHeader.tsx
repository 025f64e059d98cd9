import { graphql, useFragment } from 'react-relay';
import { PageTitle } from '../../ui/PageTitle';
import { UserAvatar } from '../people/UserAvatar';
import { PublicSharesFeedLink } from '../shares/PublicSharesFeedLink';
import type { ProfileHeader_user$key } from './__generated__/ProfileHeader_user.graphql';
import { BlockButton } from './BlockButton';
import { FollowButton } from './FollowButton';
import { MuteButton } from './MuteButton';
import { sharedArticlesLine } from './profileText';

/**
 * The top of a profile: avatar, display name or username, '@username', 'N shared articles', the link to their
 * public shares as RSS, and Follow / Following, Mute / Unmute and Block / Unblock for anyone but the viewer (Mute is
 * not offered while they are blocked: a block mutes them already).
 */
export function ProfileHeader({ user, isViewer }: { user: ProfileHeader_user$key; isViewer: boolean }) {
  const data = useFragment(
    graphql`
      fragment ProfileHeader_user on User {
        id
        name
        username
        sharesCount
        viewerFollows
        isMuted
        isBlocked
        publicSharesFeedUrl
        ...UserAvatar_user
      }
    `,
    user,
  );
  return (
    <header className="mb-6 flex flex-col items-center gap-4 text-center sm:mb-8 sm:flex-row sm:items-center sm:text-left">
      <UserAvatar user={data} size="xl" />
      <div className="min-w-0 flex-1">
        <PageTitle>{data.name}</PageTitle>
        <h1 id="page-title" className="break-words font-serif text-2xl font-semibold tracking-tight text-ink sm:text-3xl">
          {data.name}
        </h1>
        <p className="mt-0.5 break-all text-muted">@{data.username}</p>
        <div className="mt-1.5 flex flex-wrap items-center justify-center gap-x-3 gap-y-1 sm:justify-start">
          <p className="text-sm font-medium text-muted">{sharedArticlesLine(data.sharesCount)}</p>
          <PublicSharesFeedLink href={data.publicSharesFeedUrl} title={isViewer ? 'Your public shares' : `${data.name}’s public shares`} />
        </div>
      </div>
      {!isViewer && (
        <div className="flex flex-wrap items-center justify-center gap-2">
          <FollowButton user={data} />
          {!data.isBlocked && <MuteButton user={{ id: data.id, username: data.username, isMuted: data.isMuted ?? false }} />}
          <BlockButton user={{ id: data.id, username: data.username, isBlocked: data.isBlocked ?? false }} />
        </div>
      )}
    </header>
  );
}
