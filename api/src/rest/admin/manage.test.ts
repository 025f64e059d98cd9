import { describe, expect, it } from 'vitest';
import { newFeed } from '../../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../../test/server.ts';
import { TOKEN_REFUSED } from '../../domain/access/access.ts';
import { ADMINISTRATORS_ONLY } from '../../domain/access/administrators.ts';
import { NOT_ON_OWN_ROW } from '../../domain/admin/users.ts';

/** The admin panel's Users and Feeds calls over HTTP, and who is refused them. */
const { services, rest } = await startTestServer();
const admin = await signUp(services, { admin: true });

describe('admin users over REST', () => {
  it('lists a page with pagination and the spec’s user fields, and rejects a bad page', async () => {
    const reader = await signUp(services);
    const { status, body } = await rest('GET', `/admin/users?page=1&limit=20&search=${reader.user.username.toUpperCase()}`, {
      token: admin.token,
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      users: [
        {
          id: reader.user.id,
          username: reader.user.username,
          displayName: null,
          avatar: null,
          email: `${reader.user.username}@example.com`,
          role: 'user',
          isAdmin: false,
          createdAt: expect.any(String),
          counts: { subscriptions: 0, shares: 0, comments: 0 },
        },
      ],
      pagination: { total: 1, page: 1, limit: 20 },
    });
    expect(await rest('GET', '/admin/users?limit=500', { token: admin.token })).toEqual(
      expect.objectContaining({ status: 400, body: { error: 'limit must be at most 100' } }),
    );
  });

  it('promotes, demotes and deletes another user, never the administrator’s own row', async () => {
    const reader = await signUp(services);
    const promoted = await rest('PATCH', `/admin/users/${reader.user.id}`, { token: admin.token, body: { role: 'admin', isAdmin: true } });
    expect(promoted).toMatchObject({ status: 200, body: { id: reader.user.id, role: 'admin', isAdmin: true } });
    expect(
      await rest('PATCH', `/admin/users/${reader.user.id}`, { token: admin.token, body: { role: 'user', isAdmin: true } }),
    ).toMatchObject({
      status: 400,
    });
    expect(
      await rest('PATCH', `/admin/users/${admin.user.id}`, { token: admin.token, body: { role: 'user', isAdmin: false } }),
    ).toMatchObject({
      status: 403,
      body: { error: NOT_ON_OWN_ROW },
    });
    expect(await rest('DELETE', `/admin/users/${admin.user.id}`, { token: admin.token })).toMatchObject({ status: 403 });
    expect(await rest('DELETE', `/admin/users/${reader.user.id}`, { token: admin.token })).toMatchObject({
      status: 200,
      body: { deleted: { id: reader.user.id, username: reader.user.username } },
    });
    expect((await rest('GET', '/auth/me', { token: reader.token })).status).toBe(401);
    expect(await rest('DELETE', `/admin/users/${reader.user.id}`, { token: admin.token })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
  });
});

describe('a password reset link over REST', () => {
  it('answers an administrator 200 {link} (no-store) that resets the password once; 403 on the own row, 404 for no such user', async () => {
    const reader = await signUp(services);
    const made = await rest('POST', `/admin/users/${reader.user.id}/reset-link`, { token: admin.token });
    expect(made).toMatchObject({
      status: 200,
      body: { link: expect.stringMatching(/^http:\/\/tidings\.test\/reset-password#token=[\w-]{43}$/) },
    });
    expect(Object.keys(made.body)).toEqual(['link']);
    expect(made.headers.get('cache-control')).toBe('no-store');
    const token = new URL(made.body.link).hash.replace('#token=', '');
    const reset = { token, newPassword: 'set from the admin link' };
    expect(await rest('POST', '/auth/reset-password', { body: reset })).toMatchObject({ status: 200 });
    expect(await rest('POST', '/auth/reset-password', { body: reset })).toMatchObject({
      status: 400,
      body: { error: 'Invalid or expired reset link' },
    });
    expect(
      await rest('POST', '/auth/login', { body: { usernameOrEmail: reader.user.username, password: reset.newPassword } }),
    ).toMatchObject({
      status: 200,
    });

    expect(await rest('POST', `/admin/users/${admin.user.id}/reset-link`, { token: admin.token })).toMatchObject({
      status: 403,
      body: { error: NOT_ON_OWN_ROW },
    });
    for (const id of ['00000000-0000-7000-8000-000000000000', 'not-a-user-id']) {
      const unknown = await rest('POST', `/admin/users/${id}/reset-link`, { token: admin.token });
      expect(unknown).toMatchObject({ status: 404, body: { error: 'User not found' } });
      expect(unknown.headers.get('cache-control')).toBe('no-store');
    }
  });
});

describe('admin feeds over REST', () => {
  it('lists with a status filter, queues a refresh (202) and deletes', async () => {
    const feed = await newFeed(services, { title: 'Admin REST feed' });
    const listed = await rest('GET', '/admin/feeds?page=1&limit=50&status=healthy', { token: admin.token });
    expect(listed).toMatchObject({ status: 200, body: { pagination: { page: 1, limit: 50 } } });
    expect(listed.body.feeds).toContainEqual({
      id: feed.id,
      title: 'Admin REST feed',
      url: feed.url,
      description: '',
      fetchError: null,
      lastFetchedAt: expect.any(String),
      counts: { subscriptions: 0, articles: 0 },
    });
    expect((await rest('GET', '/admin/feeds?status=broken', { token: admin.token })).body).toEqual({
      feeds: [],
      pagination: { total: 0, page: 1, limit: 50 },
    });
    expect(await rest('GET', '/admin/feeds?status=dead', { token: admin.token })).toMatchObject({ status: 400 });
    expect(await rest('POST', `/admin/feeds/${feed.id}/refresh`, { token: admin.token })).toMatchObject({
      status: 202,
      body: { feed: { id: feed.id, title: 'Admin REST feed' } },
    });
    expect(await rest('DELETE', `/admin/feeds/${feed.id}`, { token: admin.token })).toMatchObject({
      status: 200,
      body: { deleted: { id: feed.id, title: 'Admin REST feed' } },
    });
    expect(await rest('POST', `/admin/feeds/${feed.id}/refresh`, { token: admin.token })).toMatchObject({ status: 404 });
  });
});

describe('who is refused', async () => {
  const reader = await signUp(services);
  const adminToken = (await rest('POST', '/tokens', { token: admin.token, body: { name: 'Admin app' } })).body.token as string;
  const target = await signUp(services);
  const feed = await newFeed(services);
  const calls: [string, string, unknown][] = [
    ['GET', '/admin/users', undefined],
    ['PATCH', `/admin/users/${target.user.id}`, { role: 'admin', isAdmin: true }],
    ['DELETE', `/admin/users/${target.user.id}`, undefined],
    ['POST', `/admin/users/${target.user.id}/reset-link`, undefined],
    ['GET', '/admin/feeds', undefined],
    ['POST', `/admin/feeds/${feed.id}/refresh`, undefined],
    ['DELETE', `/admin/feeds/${feed.id}`, undefined],
  ];

  it.each(calls)(
    '%s %s: 401 anonymous, 403 for a user and for an administrator’s API token; nothing changes',
    async (method, path, body) => {
      expect(await rest(method, path, { body })).toMatchObject({ status: 401, body: { error: 'Authentication required' } });
      expect(await rest(method, path, { token: reader.token, body })).toMatchObject({ status: 403, body: { error: ADMINISTRATORS_ONLY } });
      expect(await rest(method, path, { token: adminToken, body })).toMatchObject({ status: 403, body: { error: TOKEN_REFUSED } });
      expect(await services.db.user.findUniqueOrThrow({ where: { id: target.user.id } })).toMatchObject({ role: 'user' });
      expect(await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).toMatchObject({ kind: 'feed' });
      expect(await services.db.passwordResetToken.count({ where: { userId: target.user.id } })).toBe(0);
    },
  );
});
