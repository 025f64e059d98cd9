import { describe, expect, it } from 'vitest';
import { INVITE_CODE_PATTERN, registration, uniqueUsername } from '../../test/fixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';

const server = await startTestServer();
const { services, rest } = server;

describe('GET /api/invites', () => {
  it('answers no codes and the full allowance for a new user', async () => {
    const { token } = await signUp(services);
    const response = await rest('GET', '/invites', { token });
    expect(response).toMatchObject({
      status: 200,
      body: { inviteCodes: [], rateLimitInfo: { limit: 5, remaining: 5, currentCount: 0, unlimited: false, nextAvailableAt: null } },
    });
  });

  it('lists the viewer’s codes newest first with who used them, and none of anyone else’s', async () => {
    const { token } = await signUp(services);
    const other = await signUp(services);
    const first = (await rest('POST', '/invites', { token })).body.inviteCode;
    const second = (await rest('POST', '/invites', { token })).body.inviteCode;
    await rest('POST', '/invites', { token: other.token });
    const username = uniqueUsername();
    expect((await rest('POST', '/auth/register', { body: registration(username, first.code, { displayName: 'Newcomer' }) })).status).toBe(
      201,
    );
    const { body } = await rest('GET', '/invites', { token });
    expect(body.inviteCodes).toEqual([
      { id: second.id, code: second.code, createdAt: second.createdAt, usedAt: null, usedBy: null },
      {
        id: first.id,
        code: first.code,
        createdAt: first.createdAt,
        usedAt: expect.any(String),
        usedBy: { username, displayName: 'Newcomer' },
      },
    ]);
    expect(body.rateLimitInfo).toMatchObject({ currentCount: 2, remaining: 3 });
  });
});

describe('POST /api/invites', () => {
  it('creates codes of four upper-case words, five a week, then answers 429 with Retry-After', async () => {
    const { token, user } = await signUp(services);
    for (let i = 0; i < 5; i += 1) {
      const response = await rest('POST', '/invites', { token });
      expect(response.status).toBe(201);
      expect(response.body.inviteCode).toMatchObject({ code: expect.stringMatching(INVITE_CODE_PATTERN), usedAt: null, usedBy: null });
    }
    const refused = await rest('POST', '/invites', { token });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You have used all 5 invite codes for this week\. The next one is available on .+\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(7 * 24 * 3600 - 60);
    const { body } = await rest('GET', '/invites', { token });
    expect(body.rateLimitInfo).toMatchObject({ limit: 5, remaining: 0, currentCount: 5, unlimited: false });
    expect(Date.parse(body.rateLimitInfo.nextAvailableAt)).toBeGreaterThan(Date.now() + 7 * 24 * 3600 * 1000 - 60_000);
    expect(await services.db.inviteCode.count({ where: { createdById: user.id } })).toBe(5);
  });

  it('gives an administrator unlimited codes', async () => {
    const { token } = await signUp(services, { admin: true });
    for (let i = 0; i < 7; i += 1) expect((await rest('POST', '/invites', { token })).status).toBe(201);
    const { body } = await rest('GET', '/invites', { token });
    expect(body.inviteCodes).toHaveLength(7);
    expect(body.rateLimitInfo).toMatchObject({ unlimited: true, currentCount: 7, nextAvailableAt: null });
  });

  it('never creates more than the limit under concurrent requests', async () => {
    const { token, user } = await signUp(services);
    const responses = await Promise.all(Array.from({ length: 10 }, () => rest('POST', '/invites', { token })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(5);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(5);
    expect(await services.db.inviteCode.count({ where: { createdById: user.id } })).toBe(5);
  });

  it('gives out codes that register ordinary users, only once each', async () => {
    const { token } = await signUp(services);
    const { code } = (await rest('POST', '/invites', { token })).body.inviteCode;
    const names = [uniqueUsername(), uniqueUsername(), uniqueUsername()];
    const responses = await Promise.all(
      names.map((name) => rest('POST', '/auth/register', { body: registration(name, code.toLowerCase()) })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400]);
    expect(responses.find((r) => r.status === 201)!.body.user.role).toBe('user');
    expect(await services.db.user.count({ where: { username: { in: names } } })).toBe(1);
  });
});

describe('DELETE /api/invites/:id', () => {
  it('deletes the viewer’s own unused code', async () => {
    const { token } = await signUp(services);
    const invite = (await rest('POST', '/invites', { token })).body.inviteCode;
    const response = await rest('DELETE', `/invites/${invite.id}`, { token });
    expect(response).toMatchObject({ status: 204, body: null });
    expect(await services.db.inviteCode.findUnique({ where: { id: invite.id } })).toBeNull();
    expect((await rest('GET', '/invites', { token })).body.inviteCodes).toEqual([]);
  });

  it('answers 409 for a used code and keeps it', async () => {
    const { token } = await signUp(services);
    const invite = (await rest('POST', '/invites', { token })).body.inviteCode;
    expect((await rest('POST', '/auth/register', { body: registration(uniqueUsername(), invite.code) })).status).toBe(201);
    const response = await rest('DELETE', `/invites/${invite.id}`, { token });
    expect(response).toMatchObject({ status: 409, body: { error: 'A used invite code cannot be deleted' } });
    expect(await services.db.inviteCode.findUnique({ where: { id: invite.id } })).not.toBeNull();
  });

  it('answers 403 for another user’s code and keeps it', async () => {
    const owner = await signUp(services);
    const intruder = await signUp(services);
    const invite = (await rest('POST', '/invites', { token: owner.token })).body.inviteCode;
    const response = await rest('DELETE', `/invites/${invite.id}`, { token: intruder.token });
    expect(response).toMatchObject({ status: 403, body: { error: 'You can only delete your own invite codes' } });
    expect(await services.db.inviteCode.findUnique({ where: { id: invite.id } })).not.toBeNull();
  });

  it('answers 404 for an unknown id', async () => {
    const { token } = await signUp(services);
    const response = await rest('DELETE', '/invites/0190a3c4-0000-7000-8000-000000000000', { token });
    expect(response).toMatchObject({ status: 404, body: { error: 'Invite code not found' } });
  });
});

describe('POST /api/invites without a payload', () => {
  it.each([
    ['no content type', {}],
    ['a JSON content type', { 'content-type': 'application/json' }],
    ['a JSON content type with charset', { 'content-type': 'application/json; charset=utf-8' }],
  ])('creates a code from an empty body with %s', async (_, headers) => {
    const { token } = await signUp(services);
    const response = await fetch(`${server.url}/api/invites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { inviteCode: { code: string } }).inviteCode.code).toMatch(INVITE_CODE_PATTERN);
  });
});
