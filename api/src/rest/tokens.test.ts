import { describe, expect, it } from 'vitest';
import { runPasswordResetJobs } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { TOKEN_REFUSED } from '../domain/access/access.ts';

const server = await startTestServer();
const { services, rest } = server;

const TOKEN_PATTERN = /^tid_[A-Za-z0-9_-]{43}$/;

async function userWithToken(options: { admin?: boolean } = {}) {
  const account = await signUp(services, options);
  const created = await rest('POST', '/tokens', { token: account.token, body: { name: 'Reader app' } });
  return { ...account, apiToken: created.body.token as string, apiTokenId: created.body.apiToken.id as string };
}

describe('POST /api/tokens', () => {
  it('answers the secret once with the token’s public fields, and stores only its hash', async () => {
    const { token, user } = await signUp(services);
    const response = await rest('POST', '/tokens', { token, body: { name: '  NetNewsWire  ' } });
    expect(response).toMatchObject({
      status: 201,
      body: {
        token: expect.stringMatching(TOKEN_PATTERN),
        apiToken: {
          id: expect.any(String),
          name: 'NetNewsWire',
          scope: 'full',
          createdAt: expect.any(String),
          lastUsedAt: null,
          expiresAt: null,
        },
      },
    });
    expect(Object.keys(response.body.apiToken).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'lastUsedAt', 'name', 'scope']);
    const row = await services.db.apiToken.findFirstOrThrow({ where: { userId: user.id } });
    expect(row.tokenHash).not.toContain(response.body.token);
    expect(JSON.stringify(row)).not.toContain(response.body.token.slice(4));
  });

  it.each([
    [{}, 'Token name is required'],
    [{ name: '   ' }, 'Token name is required'],
    [{ name: 'x'.repeat(101) }, 'Token name must be at most 100 characters'],
    [{ name: 42 }, 'Token name must be text'],
  ])('refuses %j with a clear error and creates nothing', async (body, error) => {
    const { token, user } = await signUp(services);
    expect(await rest('POST', '/tokens', { token, body })).toMatchObject({ status: 400, body: { error } });
    expect(await services.db.apiToken.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses a signed-out caller', async () => {
    expect((await rest('POST', '/tokens', { body: { name: 'x' } })).status).toBe(401);
  });
});

describe('GET and DELETE /api/tokens', () => {
  it('lists the viewer’s tokens newest first without secrets, with when each was last used', async () => {
    const { token, apiToken } = await userWithToken();
    await rest('POST', '/tokens', { token, body: { name: 'Second' } });
    expect((await rest('GET', '/articles', { token: apiToken })).status).toBe(200);
    const { body } = await rest('GET', '/tokens', { token });
    expect(body.tokens.map((t: { name: string }) => t.name)).toEqual(['Second', 'Reader app']);
    expect(body.tokens[0].lastUsedAt).toBeNull();
    expect(Date.parse(body.tokens[1].lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(body)).not.toContain(apiToken.slice(4));
  });

  it('revokes a token at once; another user’s token or an unknown id is not found', async () => {
    const { token, apiToken, apiTokenId } = await userWithToken();
    const other = await userWithToken();
    expect((await rest('DELETE', `/tokens/${other.apiTokenId}`, { token })).status).toBe(404);
    expect((await rest('DELETE', '/tokens/not-an-id', { token })).status).toBe(404);
    expect((await rest('GET', '/auth/me', { token: other.apiToken })).status).toBe(200);

    expect((await rest('DELETE', `/tokens/${apiTokenId}`, { token })).status).toBe(204);
    expect((await rest('GET', '/auth/me', { token: apiToken })).status).toBe(401);
    expect((await rest('DELETE', `/tokens/${apiTokenId}`, { token })).status).toBe(404);
  });
});

describe('what an API token may do', () => {
  it('reads and organises like its owner', async () => {
    const { user, apiToken } = await userWithToken();
    expect(await rest('GET', '/auth/me', { token: apiToken })).toMatchObject({ status: 200, body: { user: { id: user.id } } });
    expect((await rest('GET', '/feeds', { token: apiToken })).status).toBe(200);
    expect((await rest('POST', '/folders', { token: apiToken, body: { name: 'From the app' } })).status).toBe(201);
    expect((await rest('GET', '/notifications', { token: apiToken })).status).toBe(200);
    expect((await rest('POST', '/notifications/mark-all-read', { token: apiToken })).status).toBe(200);
  });

  it.each([
    ['PATCH', '/auth/password', { currentPassword: 'correct horse battery', newPassword: 'a new password' }],
    ['PATCH', '/auth/profile', { displayName: 'Token' }],
    ['POST', '/auth/logout', undefined],
    ['GET', '/invites', undefined],
    ['POST', '/invites', undefined],
    ['DELETE', '/invites/00000000-0000-7000-8000-000000000000', undefined],
    ['GET', '/tokens', undefined],
    ['POST', '/tokens', { name: 'Another' }],
    ['DELETE', '/tokens/00000000-0000-7000-8000-000000000000', undefined],
    ['GET', '/digests/preferences', undefined],
    ['PUT', '/digests/preferences', { enabled: false }],
    ['GET', '/admin/config', undefined],
    ['PATCH', '/admin/config', { name: 'Token' }],
  ])('refuses %s %s with 403 and changes nothing, even for an administrator', async (method, path, body) => {
    for (const admin of [false, true]) {
      const { user, apiToken } = await userWithToken({ admin });
      const before = await services.db.user.findUniqueOrThrow({
        where: { id: user.id },
        include: { apiTokens: true, invitesCreated: true },
      });
      expect(await rest(method, path, { token: apiToken, body })).toMatchObject({ status: 403, body: { error: TOKEN_REFUSED } });
      const after = await services.db.user.findUniqueOrThrow({
        where: { id: user.id },
        include: { apiTokens: true, invitesCreated: true },
      });
      expect({ ...after, apiTokens: after.apiTokens.map((t) => t.id) }).toEqual({
        ...before,
        apiTokens: before.apiTokens.map((t) => t.id),
      });
    }
  });

  it('survives its owner’s logout and password change, and ends with a password reset', async () => {
    const { user, token, password, apiToken } = await userWithToken();
    const second = (await rest('POST', '/auth/login', { body: { usernameOrEmail: user.username, password } })).body.token;
    expect((await rest('POST', '/auth/logout', { token: second })).status).toBe(204);
    expect(
      (await rest('PATCH', '/auth/password', { token, body: { currentPassword: password, newPassword: 'another password' } })).status,
    ).toBe(200);
    expect((await rest('GET', '/auth/me', { token: apiToken })).status).toBe(200);

    await rest('POST', '/auth/forgot-password', { body: { email: user.email } });
    await runPasswordResetJobs(services);
    const { body } = await rest('GET', '/notifications', { token });
    const link = body.notifications.find((n: { type: string }) => n.type === 'password_reset').link as string;
    const resetToken = /#token=([A-Za-z0-9_-]+)/.exec(link)![1];
    expect((await rest('POST', '/auth/reset-password', { body: { token: resetToken, newPassword: 'after the reset' } })).status).toBe(200);
    expect((await rest('GET', '/auth/me', { token: apiToken })).status).toBe(401);
    expect(await services.db.apiToken.count({ where: { userId: user.id } })).toBe(0);
  });
});
