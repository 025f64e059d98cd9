import { graphql, loadQuery } from 'react-relay';
import type { Environment } from 'relay-runtime';
import { SHARES_PAGE_SIZE } from '../shares/sharedListFetch';
import type { profileQuery as ProfileQuery } from './__generated__/profileQuery.graphql';
import type { profileSharesQuery as ProfileSharesQuery } from './__generated__/profileSharesQuery.graphql';

/**
 * Who the profile is of: null for an id that names no one. `@catch` tells a failed load apart from that; the
 * server's refusal of an address that is not a user id at all (a mangled link) is one, which the screen shows as
 * not found too: to a person, that user does not exist either.
 */
export const profileQuery = graphql`
  query profileQuery($userId: ID!) {
    viewer {
      id
    }
    user(id: $userId) @catch(to: RESULT) {
      id
      sharesCount
      ...ProfileHeader_user
    }
  }
`;

/** The first page of the user's shares; its own query, because the server refuses the shares of an unknown user. */
export const profileSharesQuery = graphql`
  query profileSharesQuery($userId: ID!, $first: Int!) {
    ...ProfileShares_query @arguments(userId: $userId, first: $first)
  }
`;

/**
 * Starts loading both as the route is entered (or hovered), side by side so the shares never wait for the
 * user. What the store holds shows at once and the network brings it up to date.
 */
export function loadProfile(environment: Environment, userId: string) {
  return {
    profile: loadQuery<ProfileQuery>(environment, profileQuery, { userId }, { fetchPolicy: 'store-and-network' }),
    shares: loadQuery<ProfileSharesQuery>(
      environment,
      profileSharesQuery,
      { userId, first: SHARES_PAGE_SIZE },
      { fetchPolicy: 'store-and-network' },
    ),
  };
}
