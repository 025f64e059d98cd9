import { describe, expect, it } from 'vitest';
import { newFeed, newReader, publish } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { refusal } from '../../../test/socialFixtures.ts';
import { signUp } from '../../../test/server.ts';
import { TOKEN_REFUSED } from '../access/access.ts';
import { ADMINISTRATORS_ONLY } from '../access/administrators.ts';
import { login } from '../accounts/accounts.ts';
import { createApiToken } from '../accounts/apiTokens.ts';
import { viewerFromBearerToken } from '../accounts/credentials.ts';
import { RESET_DONE_MESSAGE, RESET_LINK_CONTENT, resetPassword, sendPasswordReset } from '../accounts/passwordReset.ts';
import { hashToken } from '../accounts/secrets.ts';
import type { Services, Viewer } from '../core/services.ts';
import { createResetLinkAsAdmin, deleteUser, listUsersForAdmin, NOT_ON_OWN_ROW, updateUserRole } from './users.ts';

const services = await createTestServices();

async function newAdmin(): Promise<Viewer & { token: string }> {
  const { token } = await signUp(services, { admin: true });
  return { ...(await viewerFromBearerToken(services, token))!, token };
}

/** Every row of every table that holds a user's data, for a before/after comparison. */
async function everythingOf(db: Services['db'], userId: string) {
  const where = { userId };
  return {
    sessions: await db.session.count({ where }),
    tokens: await db.apiToken.count({ where }),
    folders: await db.folder.count({ where }),
    subscriptions: await db.subscription.count({ where }),
    unread: await db.unreadArticle.count({ where }),
    likes: await db.likedArticle.count({ where }),
    stars: await db.starredArticle.count({ where }),
    shares: await db.share.count({ where }),
    comments: await db.comment.count({ where }),
    follows: await db.follow.count({ where: { OR: [{ followerId: userId }, { followingId: userId }] } }),
    notificationsReceived: await db.notification.count({ where }),
    notificationsSent: await db.notification.count({ where: { fromUserId: userId } }),
  };
}

describe('listUsersForAdmin', () => {
  it('pages newest first with counts, and searches username, display name and e-mail ignoring case', async () => {
    const admin = await newAdmin();
    const reader = await newReader(services);
    await services.db.user.update({ where: { id: reader.id }, data: { displayName: 'Zelda Quux' } });
    const feed = await newFeed(services);
    const [article] = await publish(services, feed.id, [{ publishedAt: new Date(), title: 'Counted' }]);
    await services.db.subscription.create({ data: { userId: reader.id, feedId: feed.id } });
    await services.db.share.create({ data: { userId: reader.id, articleId: article!.id } });
    await services.db.comment.createMany({ data: [1, 2].map((n) => ({ userId: reader.id, articleId: article!.id, content: `c${n}` })) });

    const first = await listUsersForAdmin(services, admin, { page: '1', limit: '1' });
    expect(first).toMatchObject({ page: 1, limit: 1, total: await services.db.user.count() });
    expect(first.rows.map((user) => user.id)).toEqual([reader.id]);
    expect(first.rows[0]).toMatchObject({ displayName: 'Zelda Quux', role: 'user', counts: { subscriptions: 1, shares: 1, comments: 2 } });
    expect((await listUsersForAdmin(services, admin, { page: 2, limit: 1 })).rows.map((user) => user.id)).toEqual([admin.id]);

    for (const search of ['zELDA', reader.username.toUpperCase(), `${reader.username}@EXAMPLE`]) {
      const found = await listUsersForAdmin(services, admin, { search });
      expect(found.rows.map((user) => user.id)).toEqual([reader.id]);
      expect(found.total).toBe(1);
    }
    // LIKE's wildcards are plain characters in a search.
    expect((await listUsersForAdmin(services, admin, { search: '%' })).total).toBe(0);
    expect((await listUsersForAdmin(services, admin, { search: '  ' })).total).toBe(await services.db.user.count());
  });

  it.each([
    [{ page: '0' }, 'page must be at least 1'],
    [{ page: 'two' }, 'page must be a number'],
    [{ limit: '101' }, 'limit must be at most 100'],
    [{ limit: '2.5' }, 'limit must be a whole number'],
    [{ search: 'x'.repeat(101) }, 'search must be at most 100 characters'],
  ])('refuses %j with a clear error', async (input, message) => {
    expect(await refusal(listUsersForAdmin(services, await newAdmin(), input))).toEqual({ status: 400, message });
  });
});

describe('updateUserRole', () => {
  it('promotes and demotes with role and isAdmin together, and refuses a pair that disagrees', async () => {
    const admin = await newAdmin();
    const reader = await newReader(services);
    expect(await updateUserRole(services, admin, reader.id, { role: 'admin', isAdmin: true })).toMatchObject({
      id: reader.id,
      role: 'admin',
    });
    expect(await updateUserRole(services, admin, reader.id, { role: 'user', isAdmin: false })).toMatchObject({ role: 'user' });
    for (const body of [
      { role: 'admin', isAdmin: false },
      { role: 'user', isAdmin: true },
    ]) {
      expect(await refusal(updateUserRole(services, admin, reader.id, body))).toMatchObject({ status: 400 });
    }
    expect(await refusal(updateUserRole(services, admin, reader.id, { role: 'owner', isAdmin: true }))).toEqual({
      status: 400,
      message: 'role must be "user" or "admin"',
    });
    expect((await services.db.user.findUniqueOrThrow({ where: { id: reader.id } })).role).toBe('user');
  });

  it('refuses the administrator’s own row, an unknown user, and anyone but a signed-in administrator', async () => {
    const admin = await newAdmin();
    const reader = await newReader(services);
    expect(await refusal(updateUserRole(services, admin, admin.id, { role: 'user', isAdmin: false }))).toEqual({
      status: 403,
      message: NOT_ON_OWN_ROW,
    });
    expect(await refusal(updateUserRole(services, admin, 'nope', { role: 'user', isAdmin: false }))).toMatchObject({ status: 404 });
    expect(await refusal(updateUserRole(services, null, reader.id, { role: 'admin', isAdmin: true }))).toMatchObject({ status: 401 });
    expect(await refusal(updateUserRole(services, reader.viewer, reader.id, { role: 'admin', isAdmin: true }))).toMatchObject({
      status: 403,
    });
    const token = { ...admin, credential: { kind: 'apiToken' as const, id: admin.credential.id, scope: 'full' as const } };
    expect(await refusal(updateUserRole(services, token, reader.id, { role: 'admin', isAdmin: true }))).toMatchObject({ status: 403 });
  });

  it('never leaves the instance without an administrator when two demote each other at once', async () => {
    const own = await createTestServices();
    const { token } = await signUp(own, { admin: true });
    const first = (await viewerFromBearerToken(own, token))!;
    const second = await signUp(own);
    await own.db.user.update({ where: { id: second.user.id }, data: { role: 'admin' } });
    const secondViewer = (await viewerFromBearerToken(own, second.token))!;
    const outcomes = await Promise.allSettled([
      updateUserRole(own, first, secondViewer.id, { role: 'user', isAdmin: false }),
      updateUserRole(own, secondViewer, first.id, { role: 'user', isAdmin: false }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(await own.db.user.count({ where: { role: 'admin' } })).toBe(1);
    // The one left cannot be deleted or demoted by anyone, since no one else is an administrator.
    const [left] = await own.db.user.findMany({ where: { role: 'admin' } });
    const demoted = left!.id === first.id ? secondViewer : first;
    expect(await refusal(deleteUser(own, { ...demoted, role: 'admin' }, left!.id))).toMatchObject({ status: 403 });
  });
});

describe('deleteUser', () => {
  it('removes the user’s data, ends their sessions and tokens live, and keeps everyone else’s', async () => {
    const admin = await newAdmin();
    const doomed = await newReader(services);
    const other = await newReader(services);
    const feed = await newFeed(services);
    const folder = await services.db.folder.create({ data: { userId: doomed.id, name: 'Doomed folder' } });
    for (const userId of [doomed.id, other.id]) {
      await services.db.subscription.create({ data: { userId, feedId: feed.id, folderId: userId === doomed.id ? folder.id : null } });
    }
    const [article] = await publish(services, feed.id, [{ publishedAt: new Date(), title: 'Shared and discussed' }]);
    const articleId = article!.id;
    const publishedAt = article!.publishedAt;
    for (const userId of [doomed.id, other.id]) {
      await services.db.likedArticle.create({ data: { userId, articleId, feedId: feed.id, publishedAt } });
      await services.db.starredArticle.create({ data: { userId, articleId, feedId: feed.id, publishedAt } });
    }
    const share = await services.db.share.create({ data: { userId: doomed.id, articleId, note: 'Read this' } });
    const otherShare = await services.db.share.create({ data: { userId: other.id, articleId } });
    await services.db.comment.create({ data: { userId: doomed.id, articleId, content: 'Mine' } });
    const reply = await services.db.comment.create({ data: { userId: other.id, articleId, content: 'On your share' } });
    await services.db.follow.createMany({
      data: [
        { followerId: doomed.id, followingId: other.id },
        { followerId: other.id, followingId: doomed.id },
      ],
    });
    await services.db.notification.createMany({
      data: [
        { userId: other.id, type: 'new_follower', content: 'followed you', fromUserId: doomed.id },
        { userId: doomed.id, type: 'comment_on_share', content: 'commented', fromUserId: other.id, shareId: share.id, commentId: reply.id },
      ],
    });
    await services.db.apiToken.create({ data: { userId: doomed.id, name: 'App', tokenHash: `hash-${doomed.id}` } });
    const unused = await services.db.inviteCode.create({ data: { code: `UNUSED-${doomed.id}`, createdById: doomed.id } });
    // As if the other user had registered with a code the doomed user made.
    const usedByOther = await services.db.inviteCode.update({ where: { usedById: other.id }, data: { createdById: doomed.id } });
    const usedByDoomed = await services.db.inviteCode.findFirstOrThrow({ where: { usedById: doomed.id } });
    const otherBefore = await everythingOf(services.db, other.id);
    const published: { channel: string; userId: string; payload: unknown }[] = [];
    const spied: Services = {
      ...services,
      events: { ...services.events, publish: (channel, userId, payload) => void published.push({ channel, userId, payload }) },
    };

    expect(await deleteUser(spied, admin, doomed.id)).toMatchObject({ id: doomed.id, username: doomed.username });

    expect(await services.db.user.findUnique({ where: { id: doomed.id } })).toBeNull();
    expect(Object.values(await everythingOf(services.db, doomed.id))).toEqual(Array(12).fill(0));
    expect(await viewerFromBearerToken(services, doomed.token)).toBeNull();
    expect(published).toEqual([
      { channel: 'session:ended', userId: doomed.id, payload: { sessionIds: [doomed.viewer.credential.id] } },
      { channel: 'session:ended', userId: doomed.id, payload: { sessionIds: [expect.any(String)] } },
    ]);
    // Theirs: the unused code they made. Not theirs: a code someone registered with, and the code they used.
    expect(await services.db.inviteCode.findUnique({ where: { id: unused.id } })).toBeNull();
    expect(await services.db.inviteCode.findUniqueOrThrow({ where: { id: usedByOther.id } })).toMatchObject({
      createdById: null,
      usedById: other.id,
    });
    expect(await services.db.inviteCode.findUniqueOrThrow({ where: { id: usedByDoomed.id } })).toMatchObject({
      usedById: null,
      usedAt: expect.any(Date),
    });
    // The other user keeps everything but the follows between them and the notifications from and to the deleted user.
    expect(await everythingOf(services.db, other.id)).toEqual({
      ...otherBefore,
      follows: 0,
      notificationsReceived: otherBefore.notificationsReceived - 1,
      notificationsSent: otherBefore.notificationsSent - 1,
    });
    expect(await services.db.comment.findUnique({ where: { id: reply.id } })).not.toBeNull();
    expect(await services.db.share.findUnique({ where: { id: otherShare.id } })).not.toBeNull();
    expect(await services.db.article.findUnique({ where: { id: articleId } })).not.toBeNull();
  });

  it('refuses the administrator’s own row and an unknown user, and changes nothing', async () => {
    const admin = await newAdmin();
    expect(await refusal(deleteUser(services, admin, admin.id))).toEqual({ status: 403, message: NOT_ON_OWN_ROW });
    expect(await refusal(deleteUser(services, admin, '00000000-0000-7000-8000-000000000000'))).toEqual({
      status: 404,
      message: 'User not found',
    });
    expect(await services.db.user.findUnique({ where: { id: admin.id } })).not.toBeNull();
  });
});

describe('createResetLinkAsAdmin', () => {
  /** The token of an administrator's link, which must be the e-mailed link's shape: PUBLIC_URL/reset-password#token=…. */
  const tokenOf = (link: string) => {
    const match = /^http:\/\/tidings\.test\/reset-password#token=([A-Za-z0-9_-]{43})$/.exec(link);
    expect(match).not.toBeNull();
    return match![1]!;
  };
  const INVALID = { status: 400, message: 'Invalid or expired reset link' };

  it('makes a link that resets the password once through the usual reset, then fails; the user is not sent it', async () => {
    const admin = await newAdmin();
    const { user, token: session, password } = await signUp(services);
    const token = tokenOf(await createResetLinkAsAdmin(services, admin, user.id));
    const stored = await services.db.passwordResetToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(stored).toMatchObject({ tokenHash: hashToken(token), usedAt: null });
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(await services.db.notification.count({ where: { userId: user.id, type: 'password_reset' } })).toBe(0);

    expect(await resetPassword(services, { token, newPassword: 'given by an admin' })).toBe(RESET_DONE_MESSAGE);
    expect(await viewerFromBearerToken(services, session)).toBeNull();
    expect(await refusal(login(services, { usernameOrEmail: user.username, password }, '10.3.0.1'))).toMatchObject({ status: 401 });
    expect((await login(services, { usernameOrEmail: user.username, password: 'given by an admin' }, '10.3.0.1')).user.id).toBe(user.id);
    expect(await refusal(resetPassword(services, { token, newPassword: 'a second reset' }))).toEqual(INVALID);
  });

  it('ends the user’s older outstanding links, from the bell or an earlier administrator’s link, and no one else’s', async () => {
    const admin = await newAdmin();
    const { user } = await signUp(services);
    const bystander = await signUp(services);
    await sendPasswordReset(services, user.email);
    const notified = await services.db.notification.findFirstOrThrow({ where: { userId: user.id, content: RESET_LINK_CONTENT } });
    const fromBell = tokenOf(notified.link!);
    const earlier = tokenOf(await createResetLinkAsAdmin(services, admin, user.id));
    const bystanders = tokenOf(await createResetLinkAsAdmin(services, admin, bystander.user.id));
    const newest = tokenOf(await createResetLinkAsAdmin(services, admin, user.id));

    expect(await refusal(resetPassword(services, { token: fromBell, newPassword: 'an attacker password' }))).toEqual(INVALID);
    expect(await refusal(resetPassword(services, { token: earlier, newPassword: 'an attacker password' }))).toEqual(INVALID);
    expect(await resetPassword(services, { token: newest, newPassword: 'the newest link' })).toBe(RESET_DONE_MESSAGE);
    expect(await resetPassword(services, { token: bystanders, newPassword: 'the bystander’s link' })).toBe(RESET_DONE_MESSAGE);
  });

  // The clock is not faked: Prisma's version 7 ids never go back in time within a process, so ids made an hour ahead
  // would sort after every other row made by the files that share this worker. The link's end is moved instead.
  it('works until its end (an hour after it was made: above) and not a moment longer', async () => {
    const admin = await newAdmin();
    const { user } = await signUp(services);
    const endIn = async (token: string, ms: number) =>
      services.db.passwordResetToken.update({ where: { tokenHash: hashToken(token) }, data: { expiresAt: new Date(Date.now() + ms) } });

    const lasting = tokenOf(await createResetLinkAsAdmin(services, admin, user.id));
    await endIn(lasting, 1000);
    expect(await resetPassword(services, { token: lasting, newPassword: 'just in time' })).toBe(RESET_DONE_MESSAGE);

    const expiring = tokenOf(await createResetLinkAsAdmin(services, admin, user.id));
    await endIn(expiring, -1000);
    expect(await refusal(resetPassword(services, { token: expiring, newPassword: 'too late' }))).toEqual(INVALID);
    expect((await login(services, { usernameOrEmail: user.username, password: 'just in time' }, '10.3.1.1')).user.id).toBe(user.id);
  });

  it('refuses anyone but an administrator with a session, the own row and unknown users, and makes no link', async () => {
    const admin = await newAdmin();
    const reader = await newReader(services);
    const adminToken = (await viewerFromBearerToken(services, (await createApiToken(services, admin, { name: 'Admin app' })).token))!;
    const refusals: [Viewer | null, unknown, { status: number; message: string }][] = [
      [null, reader.id, { status: 401, message: 'Authentication required' }],
      [reader.viewer, reader.id, { status: 403, message: ADMINISTRATORS_ONLY }],
      [adminToken, reader.id, { status: 403, message: TOKEN_REFUSED }],
      [admin, admin.id, { status: 403, message: NOT_ON_OWN_ROW }],
      [admin, '00000000-0000-7000-8000-000000000000', { status: 404, message: 'User not found' }],
      [admin, 'not-a-uuid', { status: 404, message: 'User not found' }],
      [admin, 42, { status: 404, message: 'User not found' }],
    ];
    for (const [viewer, userId, answer] of refusals) {
      expect(await refusal(createResetLinkAsAdmin(services, viewer, userId))).toEqual(answer);
    }
    expect(await services.db.passwordResetToken.count({ where: { userId: { in: [reader.id, admin.id] } } })).toBe(0);
  });
});
