import { graphql, readInlineData } from 'react-relay';
import type { SessionUser } from '../../auth/session';
import type { sessionUser_user$key } from './__generated__/sessionUser_user.graphql';

const fragment = graphql`
  fragment sessionUser_user on User @inline {
    id
    username
    name
    avatarUrl
    isAdmin
  }
`;

/** The part of a user the session keeps, read from any query that spreads `sessionUser_user`. */
export function toSessionUser(ref: sessionUser_user$key): SessionUser {
  const { id, username, name, avatarUrl, isAdmin } = readInlineData(fragment, ref);
  return { id, username, name, avatarUrl: avatarUrl ?? null, isAdmin };
}
