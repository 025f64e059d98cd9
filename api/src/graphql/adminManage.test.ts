import { describe, expect, it } from 'vitest';
import { newFeed } from '../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { rawId } from '../../test/socialFixtures.ts';
import { TOKEN_REFUSED } from '../domain/access/access.ts';
import { ADMINISTRATORS_ONLY } from '../domain/access/administrators.ts';
import { NOT_ON_OWN_ROW } from '../domain/admin/users.ts';

/** The admin panel's Users and Feeds through the real Yoga server, and who is refused them. */
const { services, graphql, rest } = await startTestServer();
const admin = await signUp(services, { admin: true });

const USERS = `query Users($search: String, $page: Int) { adminUsers(search: $search, page: $page) {
  total page limit users { id userId username name email role isAdmin subscriptionCount shareCount commentCount }
} }`;
const FEEDS = `query Feeds($status: AdminFeedStatus, $page: Int) { adminFeeds(status: $status, page: $page) {
  total page limit feeds { id feedId title url fetchError lastFetchedAt subscriptionCount articleCount }
} }`;
const UPDATE_ROLE = `mutation Role($id: ID!, $role: Role!, $isAdmin: Boolean!) { updateUserRole(id: $id, role: $role, isAdmin: $isAdmin) {
  __typename ... on AdminUser { id role isAdmin } ... on Error { message }
} }`;
const DELETE_USER = `mutation DeleteUser($id: ID!) { deleteUser(id: $id) { __typename ... on DeleteUserPayload { deletedUserId username } ... on Error { message } } }`;
const RESET_LINK = `mutation ResetLink($userId: ID!) { createPasswordResetLink(userId: $userId) {
  __typename ... on CreatePasswordResetLinkPayload { link } ... on Error { message }
} }`;
const REFRESH_FEED = `mutation Refresh($id: ID!) { refreshFeedAsAdmin(id: $id) { __typename ... on RefreshFeedAsAdminPayload { title } ... on Error { message } } }`;
const DELETE_FEED = `mutation DeleteFeed($id: ID!) { deleteFeed(id: $id) { __typename ... on DeleteFeedPayload { deletedFeedId title } ... on Error { message } } }`;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('adminUsers and the user mutations', () => {
  it('searches, promotes, demotes and deletes by the row’s id', async () => {
    const reader = await signUp(services);
    const { body } = await graphql(USERS, { search: reader.user.username }, admin.token);
    expect(body.data.adminUsers).toEqual({
      total: 1,
      page: 1,
      limit: 20,
      users: [
        {
          id: globalId('AdminUser', reader.user.id),
          userId: globalId('User', reader.user.id),
          username: reader.user.username,
          name: reader.user.username,
          email: `${reader.user.username}@example.com`,
          role: 'user',
          isAdmin: false,
          subscriptionCount: 0,
          shareCount: 0,
          commentCount: 0,
        },
      ],
    });
    const rowId = body.data.adminUsers.users[0].id as string;
    expect((await graphql(UPDATE_ROLE, { id: rowId, role: 'admin', isAdmin: true }, admin.token)).body.data.updateUserRole).toEqual({
      __typename: 'AdminUser',
      id: rowId,
      role: 'admin',
      isAdmin: true,
    });
    expect((await graphql(UPDATE_ROLE, { id: rowId, role: 'user', isAdmin: true }, admin.token)).body.data.updateUserRole).toMatchObject({
      __typename: 'InvalidInputError',
    });
    expect(
      (await graphql(UPDATE_ROLE, { id: globalId('AdminUser', admin.user.id), role: 'user', isAdmin: false }, admin.token)).body.data
        .updateUserRole,
    ).toEqual({ __typename: 'ForbiddenError', message: NOT_ON_OWN_ROW });
    expect((await graphql(DELETE_USER, { id: rowId }, admin.token)).body.data.deleteUser).toEqual({
      __typename: 'DeleteUserPayload',
      deletedUserId: rowId,
      username: reader.user.username,
    });
    expect((await graphql(DELETE_USER, { id: rowId }, admin.token)).body.data.deleteUser).toEqual({
      __typename: 'NotFoundError',
      message: 'User not found',
    });
  });
});

describe('createPasswordResetLink', () => {
  it('answers the row’s user a link that resets their password once; never the own row, not an unknown user', async () => {
    const reader = await signUp(services);
    const { body } = await graphql(RESET_LINK, { userId: globalId('AdminUser', reader.user.id) }, admin.token);
    expect(body.data.createPasswordResetLink).toEqual({
      __typename: 'CreatePasswordResetLinkPayload',
      link: expect.stringMatching(/^http:\/\/tidings\.test\/reset-password#token=[\w-]{43}$/),
    });
    const token = new URL(body.data.createPasswordResetLink.link).hash.replace('#token=', '');
    const RESET = `mutation Reset($token: String!) { resetPassword(input: { token: $token, newPassword: "set from the admin link" }) { __typename } }`;
    expect((await graphql(RESET, { token })).body.data.resetPassword.__typename).toBe('MessagePayload');
    expect((await graphql(RESET, { token })).body.data.resetPassword.__typename).toBe('InvalidInputError');

    // A User id names the same person, as in the other user mutations.
    expect(
      (await graphql(RESET_LINK, { userId: globalId('User', reader.user.id) }, admin.token)).body.data.createPasswordResetLink,
    ).toMatchObject({
      __typename: 'CreatePasswordResetLinkPayload',
    });
    expect(
      (await graphql(RESET_LINK, { userId: globalId('AdminUser', admin.user.id) }, admin.token)).body.data.createPasswordResetLink,
    ).toEqual({
      __typename: 'ForbiddenError',
      message: NOT_ON_OWN_ROW,
    });
    expect(
      (await graphql(RESET_LINK, { userId: globalId('AdminUser', '00000000-0000-7000-8000-000000000000') }, admin.token)).body.data
        .createPasswordResetLink,
    ).toEqual({ __typename: 'NotFoundError', message: 'User not found' });
    // An id of another type, or no global id at all, is refused before anything runs (globalIdArguments.ts).
    for (const userId of [globalId('Feed', reader.user.id), 'junk']) {
      const { body } = await graphql(RESET_LINK, { userId }, admin.token);
      expect(body.errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', argument: 'userId' });
    }
  });
});

describe('adminFeeds and the feed mutations', () => {
  it('lists by status, queues a refresh and deletes', async () => {
    const feed = await newFeed(services, { title: 'GraphQL admin feed' });
    await services.db.feed.update({ where: { id: feed.id }, data: { fetchError: 'Timed out' } });
    const { body } = await graphql(FEEDS, { status: 'broken' }, admin.token);
    expect(body.data.adminFeeds).toMatchObject({ total: 1, page: 1, limit: 50 });
    expect(body.data.adminFeeds.feeds[0]).toMatchObject({ title: 'GraphQL admin feed', fetchError: 'Timed out', articleCount: 0 });
    const rowId = body.data.adminFeeds.feeds[0].id as string;
    expect(rawId(rowId)).toBe(feed.id);
    expect((await graphql(REFRESH_FEED, { id: rowId }, admin.token)).body.data.refreshFeedAsAdmin).toEqual({
      __typename: 'RefreshFeedAsAdminPayload',
      title: 'GraphQL admin feed',
    });
    expect((await graphql(DELETE_FEED, { id: rowId }, admin.token)).body.data.deleteFeed).toEqual({
      __typename: 'DeleteFeedPayload',
      deletedFeedId: rowId,
      title: 'GraphQL admin feed',
    });
    expect((await graphql(FEEDS, { status: 'broken' }, admin.token)).body.data.adminFeeds.total).toBe(0);
  });
});

describe('who is refused', async () => {
  const reader = await signUp(services);
  const adminToken = (await rest('POST', '/tokens', { token: admin.token, body: { name: 'Admin app' } })).body.token as string;
  const target = await signUp(services);
  const feed = await newFeed(services);
  const callers: [string, string | undefined, number, string][] = [
    ['anonymous', undefined, 401, 'Authentication required'],
    ['a user', reader.token, 403, ADMINISTRATORS_ONLY],
    ['an administrator’s API token', adminToken, 403, TOKEN_REFUSED],
  ];

  it.each(callers)('refuses the admin queries to %s', async (_who, token, status, message) => {
    for (const query of [USERS, FEEDS]) {
      const { body } = await graphql(query, {}, token);
      expect(body.data).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { status } });
    }
  });

  it.each(callers)('answers the admin mutations to %s with an error result and changes nothing', async (_who, token, status, message) => {
    const typename = status === 401 ? 'UnauthenticatedError' : 'ForbiddenError';
    const operations: [string, string, Record<string, unknown>][] = [
      ['updateUserRole', UPDATE_ROLE, { id: globalId('User', target.user.id), role: 'admin', isAdmin: true }],
      ['deleteUser', DELETE_USER, { id: globalId('User', target.user.id) }],
      ['createPasswordResetLink', RESET_LINK, { userId: globalId('AdminUser', target.user.id) }],
      ['refreshFeedAsAdmin', REFRESH_FEED, { id: globalId('Feed', feed.id) }],
      ['deleteFeed', DELETE_FEED, { id: globalId('Feed', feed.id) }],
    ];
    for (const [name, query, variables] of operations) {
      expect((await graphql(query, variables, token)).body.data[name]).toEqual({ __typename: typename, message });
    }
    expect(await services.db.user.findUniqueOrThrow({ where: { id: target.user.id } })).toMatchObject({ role: 'user' });
    expect(await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ kind: 'feed' });
    expect(await services.db.passwordResetToken.count({ where: { userId: target.user.id } })).toBe(0);
  });
});
