import { describe, expect, it } from 'vitest';
import { INVITE_CODE_PATTERN, registration, uniqueUsername, uniqueAddress, runPasswordResetJobs } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { register } from '../domain/accounts/accounts.ts';

/** Invite codes and notifications through the real Yoga server at /graphql. */
const server = await startTestServer();
const { services, graphql } = server;

const RATE_LIMIT_FIELDS = 'limit remaining currentCount unlimited nextAvailableAt';
const CREATE = `mutation { createInviteCode {
  __typename
  ... on CreateInviteCodePayload { inviteCode { id code isUsed usedAt usedBy { id } } inviteRateLimit { ${RATE_LIMIT_FIELDS} } }
  ... on RateLimitedError { retryAfterSeconds }
  ... on Error { message }
} }`;
const DELETE = `mutation Delete($id: ID!) { deleteInviteCode(id: $id) {
  __typename
  ... on DeleteInviteCodePayload { deletedInviteCodeId inviteRateLimit { remaining } }
  ... on Error { message }
} }`;
const INVITES = `{ inviteCodes(first: 50) { edges { cursor node { id code isUsed usedAt usedBy { username displayName email } } } pageInfo { hasNextPage } }
  inviteRateLimit { ${RATE_LIMIT_FIELDS} } }`;
const NOTIFICATIONS = `query Notifications($first: Int, $after: String) {
  notifications(first: $first, after: $after) { edges { cursor node { id type content read createdAt fromUser { id } } } pageInfo { hasNextPage endCursor } }
  unreadNotificationCount
}`;
const MARK_READ = `mutation MarkRead($id: ID!) { markNotificationRead(id: $id) { __typename ... on Notification { id read } ... on Error { message } } }`;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('invite codes', () => {
  it('creates five codes of four upper-case words a week, then answers a RateLimitedError', async () => {
    const { token } = await signUp(services);
    for (let i = 1; i <= 5; i += 1) {
      const { body } = await graphql(CREATE, {}, token);
      expect(body.data.createInviteCode).toMatchObject({
        __typename: 'CreateInviteCodePayload',
        inviteCode: { code: expect.stringMatching(INVITE_CODE_PATTERN), isUsed: false, usedAt: null, usedBy: null },
        inviteRateLimit: { limit: 5, remaining: 5 - i, currentCount: i, unlimited: false },
      });
    }
    const { body } = await graphql(CREATE, {}, token);
    expect(body.data.createInviteCode).toMatchObject({
      __typename: 'RateLimitedError',
      message: expect.stringMatching(/^You have used all 5 invite codes for this week\./),
      retryAfterSeconds: expect.any(Number),
    });
    const list = await graphql(INVITES, {}, token);
    expect(list.body.data.inviteCodes.edges).toHaveLength(5);
    expect(list.body.data.inviteRateLimit).toMatchObject({ remaining: 0, currentCount: 5, nextAvailableAt: expect.any(String) });
  });

  it('gives an administrator unlimited codes', async () => {
    const { token } = await signUp(services, { admin: true });
    for (let i = 0; i < 6; i += 1)
      expect((await graphql(CREATE, {}, token)).body.data.createInviteCode.__typename).toBe('CreateInviteCodePayload');
    const { body } = await graphql(INVITES, {}, token);
    expect(body.data.inviteRateLimit).toMatchObject({ unlimited: true, currentCount: 6, nextAvailableAt: null });
  });

  it('never creates more than the limit under concurrent mutations', async () => {
    const { token, user } = await signUp(services);
    const responses = await Promise.all(Array.from({ length: 9 }, () => graphql(CREATE, {}, token)));
    const types = responses.map((r) => r.body.data.createInviteCode.__typename);
    expect(types.filter((t) => t === 'CreateInviteCodePayload')).toHaveLength(5);
    expect(types.filter((t) => t === 'RateLimitedError')).toHaveLength(4);
    expect(await services.db.inviteCode.count({ where: { createdById: user.id } })).toBe(5);
  });

  it('lists the viewer’s codes newest first with who used them, never another user’s e-mail', async () => {
    const { token } = await signUp(services);
    const first = (await graphql(CREATE, {}, token)).body.data.createInviteCode.inviteCode;
    const second = (await graphql(CREATE, {}, token)).body.data.createInviteCode.inviteCode;
    const invitee = await register(services, registration(uniqueUsername(), first.code, { displayName: 'Invitee' }), uniqueAddress());
    const { body } = await graphql(INVITES, {}, token);
    expect(body.data.inviteCodes.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([second.id, first.id]);
    expect(body.data.inviteCodes.edges[1].node).toMatchObject({
      isUsed: true,
      usedAt: expect.any(String),
      usedBy: { username: invitee.user.username, displayName: 'Invitee', email: null },
    });
  });

  it('deletes an own unused code, and answers typed errors for a used, another user’s or an unknown code', async () => {
    const owner = await signUp(services);
    const intruder = await signUp(services);
    const unused = (await graphql(CREATE, {}, owner.token)).body.data.createInviteCode.inviteCode;
    const used = (await graphql(CREATE, {}, owner.token)).body.data.createInviteCode.inviteCode;
    await register(services, registration(uniqueUsername(), used.code), uniqueAddress());

    const foreign = await graphql(DELETE, { id: unused.id }, intruder.token);
    expect(foreign.body.data.deleteInviteCode).toEqual({
      __typename: 'ForbiddenError',
      message: 'You can only delete your own invite codes',
    });
    const usedAnswer = await graphql(DELETE, { id: used.id }, owner.token);
    expect(usedAnswer.body.data.deleteInviteCode).toEqual({ __typename: 'ConflictError', message: 'A used invite code cannot be deleted' });
    const unknown = await graphql(DELETE, { id: globalId('InviteCode', '0190a3c4-0000-7000-8000-000000000000') }, owner.token);
    expect(unknown.body.data.deleteInviteCode).toEqual({ __typename: 'NotFoundError', message: 'Invite code not found' });
    expect(
      await services.db.inviteCode.count({ where: { id: { in: [Buffer.from(unused.id, 'base64').toString().split(':')[1]!] } } }),
    ).toBe(1);

    const deleted = await graphql(DELETE, { id: unused.id }, owner.token);
    expect(deleted.body.data.deleteInviteCode).toMatchObject({ __typename: 'DeleteInviteCodePayload', deletedInviteCodeId: unused.id });
    expect((await graphql(INVITES, {}, owner.token)).body.data.inviteCodes.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([
      used.id,
    ]);
  });

  it('answers a malformed id or an id of another type with an error, not a crash, and deletes nothing', async () => {
    const { token } = await signUp(services);
    await graphql(CREATE, {}, token);
    const count = await services.db.inviteCode.count();
    for (const id of ['%%%not-base64', globalId('User', '0190a3c4-0000-7000-8000-000000000000'), globalId('InviteCode', 'not-a-uuid')]) {
      const { status, body } = await graphql(DELETE, { id }, token);
      expect(status).toBeLessThan(500);
      const message = body.errors?.[0]?.message ?? body.data?.deleteInviteCode?.message;
      expect(message).toEqual(expect.any(String));
      expect(message).not.toBe('Unexpected error.');
    }
    expect(await services.db.inviteCode.count()).toBe(count);
  });

  it('answers anonymous callers with UNAUTHENTICATED', async () => {
    for (const query of [INVITES, CREATE, '{ inviteRateLimit { limit } }']) {
      const { body } = await graphql(query);
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const { body } = await graphql(DELETE, { id: globalId('InviteCode', '0190a3c4-0000-7000-8000-000000000000') });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('never shows another user’s invite code through node(id:)', async () => {
    const owner = await signUp(services);
    const other = await signUp(services);
    const invite = (await graphql(CREATE, {}, owner.token)).body.data.createInviteCode.inviteCode;
    const query = 'query Node($id: ID!) { node(id: $id) { id ... on InviteCode { code } } }';
    expect((await graphql(query, { id: invite.id }, owner.token)).body.data.node).toEqual({ id: invite.id, code: invite.code });
    for (const token of [other.token, undefined]) {
      const { body } = await graphql(query, { id: invite.id }, token);
      expect(body.data?.node ?? null).toBeNull();
      expect(JSON.stringify(body)).not.toContain(invite.code);
    }
  });
});

describe('notifications', () => {
  it('pages the viewer’s notifications newest first, with the unread count', async () => {
    const { token } = await signUp(services);
    const first = await graphql(NOTIFICATIONS, { first: 3 }, token);
    expect(first.body.data.unreadNotificationCount).toBe(4);
    expect(first.body.data.notifications.edges).toHaveLength(3);
    expect(first.body.data.notifications.pageInfo.hasNextPage).toBe(true);
    const rest = await graphql(NOTIFICATIONS, { first: 3, after: first.body.data.notifications.pageInfo.endCursor }, token);
    expect(rest.body.data.notifications.edges).toHaveLength(1);
    const types = [...first.body.data.notifications.edges, ...rest.body.data.notifications.edges].map(
      (e: { node: { type: string } }) => e.node.type,
    );
    expect(types.sort()).toEqual(['keyboard_shortcuts', 'onboarding_pdf', 'onboarding_tools', 'welcome']);
  });

  it('marks one read, refuses another user’s as not found, and marks all read', async () => {
    const { token } = await signUp(services);
    const other = await signUp(services);
    const [mine] = (await graphql(NOTIFICATIONS, { first: 10 }, token)).body.data.notifications.edges;
    const [theirs] = (await graphql(NOTIFICATIONS, { first: 10 }, other.token)).body.data.notifications.edges;

    expect((await graphql(MARK_READ, { id: mine.node.id }, token)).body.data.markNotificationRead).toEqual({
      __typename: 'Notification',
      id: mine.node.id,
      read: true,
    });
    expect((await graphql(NOTIFICATIONS, {}, token)).body.data.unreadNotificationCount).toBe(3);

    const foreign = await graphql(MARK_READ, { id: theirs.node.id }, token);
    expect(foreign.body.data.markNotificationRead).toEqual({ __typename: 'NotFoundError', message: 'Notification not found' });
    expect((await graphql(NOTIFICATIONS, {}, other.token)).body.data.unreadNotificationCount).toBe(4);

    const all = await graphql('mutation { markAllNotificationsRead { markedCount } }', {}, token);
    expect(all.body.data.markAllNotificationsRead).toEqual({ markedCount: 3 });
    expect((await graphql(NOTIFICATIONS, {}, token)).body.data.unreadNotificationCount).toBe(0);
    expect((await graphql(NOTIFICATIONS, {}, other.token)).body.data.unreadNotificationCount).toBe(4);
  });

  it('never shows another user’s notification through node(id:) or nodes(ids:)', async () => {
    const owner = await signUp(services);
    const other = await signUp(services);
    await graphql('mutation R($email: String!) { requestPasswordReset(input: { email: $email }) { __typename } }', {
      email: owner.user.email,
    });
    await runPasswordResetJobs(services);
    const reset = await services.db.notification.findFirstOrThrow({ where: { userId: owner.user.id, type: 'password_reset' } });
    const id = globalId('Notification', reset.id);
    const query = 'query Node($id: ID!) { node(id: $id) { id ... on Notification { content } } nodes(ids: [$id]) { id } }';
    expect((await graphql(query, { id }, owner.token)).body.data.node).toEqual({ id, content: reset.content });
    for (const token of [other.token, undefined]) {
      const { body } = await graphql(query, { id }, token);
      expect(body.data?.node ?? null).toBeNull();
      expect(JSON.stringify(body)).not.toContain('reset-password#token=');
    }
  });

  it.each(['Notification', 'InviteCode', 'User'])('answers node(id:) with a malformed %s id as null, not a server error', async (type) => {
    const { token } = await signUp(services);
    const { status, body } = await graphql('query Node($id: ID!) { node(id: $id) { id } }', { id: globalId(type, 'not-a-uuid') }, token);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { node: null } });
  });

  it('answers anonymous callers with UNAUTHENTICATED', async () => {
    for (const query of [NOTIFICATIONS, '{ unreadNotificationCount }', 'mutation { markAllNotificationsRead { markedCount } }']) {
      const { body } = await graphql(query);
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    const { body } = await graphql(MARK_READ, { id: globalId('Notification', '0190a3c4-0000-7000-8000-000000000000') });
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
