import { cleanup, configure, screen } from '@testing-library/react';
import type { GraphQLResponse, PayloadError } from 'relay-runtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockEnvironment } from '../../test/relayEnvironment';
import { renderWithRouter } from '../../test/renderWithRouter';
import { loadProfile } from './profileQueries';
import { ProfileScreen } from './ProfileScreen';

const VIEWER = { id: 'VXNlcjox' };

/** An answer as the server sends it: its errors carry `extensions`, which Relay's types leave out. */
type ServerAnswer = { data: Record<string, unknown> | null; errors?: (PayloadError & { extensions: Record<string, unknown> })[] };

/** The server's refusal of an address that is not a User id, on the field that took it. */
const refused = (field: string, argument: string) => ({
  message: `The argument "${argument}" of Query.${field} is not a global id: "oops" (use an object's \`id\` as given)`,
  path: [field],
  extensions: { code: 'BAD_USER_INPUT', argument },
});

function openProfile(answers: { profile: ServerAnswer; shares: ServerAnswer }, userId = 'oops') {
  const relay = createMockEnvironment({
    profileQuery: () => answers.profile as GraphQLResponse,
    profileSharesQuery: () => answers.shares as GraphQLResponse,
  });
  const queries = loadProfile(relay.environment, userId);
  renderWithRouter(<ProfileScreen queries={queries} />, { environment: relay.environment, path: `/user/${userId}` });
}

beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: 1_000 }));
afterEach(cleanup);

describe('the profile of an address that names no user', () => {
  it('says "User not found" for an id the server refuses as malformed (the shares refused alike)', async () => {
    openProfile({
      profile: { data: { viewer: VIEWER, user: null }, errors: [refused('user', 'id')] },
      // userShares is not nullable: the refusal takes the whole answer with it.
      shares: { data: null, errors: [refused('userShares', 'userId')] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go back' })).toBeTruthy();
    expect(screen.queryByText('Failed to load user shares')).toBeNull();
  });

  it('says the same for a well-formed id of nobody', async () => {
    openProfile(
      {
        profile: { data: { viewer: VIEWER, user: null } },
        shares: { data: { shares: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } } },
      },
      'VXNlcjo5OTk5OTk',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeTruthy();
  });

  it('says "Failed to load user shares", with Try again, when the user failed to load for another reason', async () => {
    openProfile({
      profile: {
        data: { viewer: VIEWER, user: null },
        errors: [{ message: 'Unexpected error.', path: ['user'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      },
      shares: { data: { shares: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } } } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed to load user shares' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText('User not found')).toBeNull();
  });
});
