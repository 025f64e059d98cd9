import { graphql, useFragment } from 'react-relay';
import { cx } from '../../ui/cx';
import { UserAvatar } from '../people/UserAvatar';
import type { CircleLine_article$key } from './__generated__/CircleLine_article.graphql';

/** How many faces the line draws, however many people it counts. */
export const CIRCLE_FACES = 3;

/**
 * "Ann shared this", "Ann and Ben shared this", "Ann and 2 others you follow shared this": `names` are the people
 * the server named (newest first), `count` all of them. Null when nobody did it.
 */
export function circleText(names: readonly string[], count: number, did: 'shared this' | 'commented'): string | null {
  const [first, second] = names;
  if (count === 0 || first === undefined) return null;
  const others = count - 1;
  if (others === 0) return `${first} ${did}`;
  if (others === 1 && second !== undefined) return `${first} and ${second} ${did}`;
  return `${first} and ${others} ${others === 1 ? 'other' : 'others'} you follow ${did}`;
}

/**
 * Who of the people the viewer follows shared the article, or when nobody did, commented on it: a few faces and a
 * sentence. Nothing when neither. The article list's cards and the reader's header show it.
 */
export function CircleLine({
  article,
  className,
}: {
  article: CircleLine_article$key;
  /** Its margin and text size. */ className?: string;
}) {
  const { circle } = useFragment(
    graphql`
      fragment CircleLine_article on Article {
        circle {
          sharedByCount
          commentedByCount
          sharedBy {
            id
            name
            ...UserAvatar_user
          }
          commentedBy {
            id
            name
            ...UserAvatar_user
          }
        }
      }
    `,
    article,
  );
  const shared = circle.sharedByCount > 0;
  const people = shared ? circle.sharedBy : circle.commentedBy;
  const text = circleText(
    people.map((person) => person.name),
    shared ? circle.sharedByCount : circle.commentedByCount,
    shared ? 'shared this' : 'commented',
  );
  if (!text) return null;
  return (
    <p className={cx('flex min-w-0 items-center gap-2 text-muted', className)}>
      <span aria-hidden="true" className="flex shrink-0 gap-0.5">
        {people.slice(0, CIRCLE_FACES).map((person) => (
          <UserAvatar key={person.id} user={person} size="xs" />
        ))}
      </span>
      <span className="truncate">{text}</span>
    </p>
  );
}
