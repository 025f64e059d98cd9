import Check from 'lucide-react/icons/check';
import UserPlus from 'lucide-react/icons/user-plus';
import { buttonClass } from '../../ui/button';
import { useToggleFollow } from './useFollow';

/**
 * Follow, or Following for a user already followed, which unfollows when pressed (its tooltip says so). The
 * label does not turn into Unfollow under the pointer: right after following, the pointer is still there.
 */
export function FollowButton({ user }: { user: { id: string; viewerFollows: boolean } }) {
  const toggleFollow = useToggleFollow();
  const following = user.viewerFollows;
  const Icon = following ? Check : UserPlus;
  return (
    <button
      type="button"
      onClick={() => toggleFollow(user)}
      title={following ? 'Unfollow' : undefined}
      className={buttonClass(following ? 'secondary' : 'primary', 'sm', 'min-w-28 rounded-full')}
    >
      <Icon aria-hidden="true" className="size-4" />
      {following ? 'Following' : 'Follow'}
    </button>
  );
}
