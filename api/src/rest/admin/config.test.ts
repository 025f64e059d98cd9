import { describe, expect, it } from 'vitest';
import { newInvite, registration, uniqueUsername } from '../../../test/fixtures.ts';
import { signUp, startTestServer } from '../../../test/server.ts';
import { ADMINISTRATORS_ONLY } from '../../domain/access/administrators.ts';
import { INSTANCE_FULL, REGISTRATION_CLOSED } from '../../domain/accounts/accounts.ts';
import { TOKEN_REFUSED } from '../../domain/access/access.ts';

/** The instance configuration through the real server: REST and GraphQL, and who may use them. */
const server = await startTestServer();
const { services, rest, graphql } = server;

const adminAccount = await signUp(services, { admin: true });
const userAccount = await signUp(services);
const admin = adminAccount.token;
const adminApiToken = (await rest('POST', '/tokens', { token: admin, body: { name: 'Admin reader' } })).body.token as string;
const DEFAULTS = { name: 'Tidings', description: '', allowRegistration: true, maxUsers: 0, retentionDays: 180, retentionKeepPerFeed: 50 };

const CONFIG = `{ instanceConfig { name description allowRegistration maxUsers retentionDays retentionKeepPerFeed } }`;
const UPDATE = `mutation U($input: UpdateInstanceConfigInput!) { updateInstanceConfig(input: $input) {
  __typename ... on InstanceConfig { name description allowRegistration maxUsers retentionDays retentionKeepPerFeed } ... on Error { message }
} }`;
const REGISTER = `mutation R($input: RegisterInput!) { register(input: $input) { __typename ... on Error { message } } }`;

const restore = () => rest('PATCH', '/admin/config', { token: admin, body: DEFAULTS });

describe('GET and PATCH /api/admin/config', () => {
  it('answers the configuration and the updated configuration', async () => {
    expect(await rest('GET', '/admin/config', { token: admin })).toMatchObject({ status: 200, body: DEFAULTS });
    const patched = await rest('PATCH', '/admin/config', { token: admin, body: { name: 'Club', maxUsers: '40' } });
    expect(patched).toMatchObject({ status: 200, body: { ...DEFAULTS, name: 'Club', maxUsers: 40 } });
    expect((await rest('GET', '/admin/config', { token: admin })).body).toEqual({ ...DEFAULTS, name: 'Club', maxUsers: 40 });
    await restore();
  });

  it('answers 400 {error} to a negative maxUsers or a blank name, changing nothing', async () => {
    expect(await rest('PATCH', '/admin/config', { token: admin, body: { maxUsers: -5 } })).toMatchObject({
      status: 400,
      body: { error: 'Max users must be at least 0' },
    });
    expect(await rest('PATCH', '/admin/config', { token: admin, body: { name: '', maxUsers: 3 } })).toMatchObject({
      status: 400,
      body: { error: 'Instance name is required' },
    });
    expect((await rest('GET', '/admin/config', { token: admin })).body).toEqual(DEFAULTS);
  });

  it('answers 400 {error} to a malformed maxUsers, storing nothing rather than 0 (unlimited)', async () => {
    await rest('PATCH', '/admin/config', { token: admin, body: { maxUsers: 10 } });
    for (const maxUsers of ['12abc', '', '1e3', '0x10', 'NaN', 'Infinity', 12.5, true]) {
      const response = await rest('PATCH', '/admin/config', { token: admin, body: { name: 'Changed', maxUsers } });
      expect(response.status, JSON.stringify(maxUsers)).toBe(400);
      expect(response.body.error).toMatch(/^Max users must be a (whole )?number$/);
    }
    expect(await rest('PATCH', '/admin/config', { token: admin, body: { maxUsers: -1 } })).toMatchObject({
      status: 400,
      body: { error: 'Max users must be at least 0' },
    });
    // JSON has no NaN or Infinity: such a body is not JSON at all.
    expect(await rest('PATCH', '/admin/config', { token: admin, body: '{"maxUsers": NaN}' })).toMatchObject({
      status: 400,
      body: { error: 'The request body is not valid JSON' },
    });
    expect((await rest('GET', '/admin/config', { token: admin })).body).toEqual({ ...DEFAULTS, maxUsers: 10 });
    await restore();
  });

  it.each([
    ['GET', undefined],
    ['PATCH', { name: 'Taken over' }],
    ['PATCH', 'not json at all'],
  ])('refuses %s %j to anonymous callers (401), users and an administrator’s API token (403)', async (method, body) => {
    expect((await rest(method, '/admin/config', { body })).status).toBe(401);
    expect(await rest(method, '/admin/config', { token: userAccount.token, body })).toMatchObject({
      status: 403,
      body: { error: ADMINISTRATORS_ONLY },
    });
    expect(await rest(method, '/admin/config', { token: adminApiToken, body })).toMatchObject({
      status: 403,
      body: { error: TOKEN_REFUSED },
    });
    expect((await rest('GET', '/admin/config', { token: admin })).body).toEqual(DEFAULTS);
  });
});

describe('GraphQL instanceConfig, updateInstanceConfig and instance', () => {
  it('reads and changes the configuration for an administrator; anyone reads the public part', async () => {
    expect((await graphql(CONFIG, {}, admin)).body.data.instanceConfig).toEqual(DEFAULTS);
    const { body } = await graphql(UPDATE, { input: { description: 'We read', allowRegistration: false, name: null } }, admin);
    expect(body.data.updateInstanceConfig).toEqual({
      __typename: 'InstanceConfig',
      ...DEFAULTS,
      description: 'We read',
      allowRegistration: false,
    });
    expect((await graphql('{ instance { name description allowRegistration } }')).body.data.instance).toEqual({
      name: 'Tidings',
      description: 'We read',
      allowRegistration: false,
    });
    await restore();
  });

  it('tells anyone whether the instance sends e-mail, from the server’s configuration', async () => {
    expect((await graphql('{ instance { emailEnabled } }')).body.data.instance).toEqual({ emailEnabled: false });
    const mailing = await startTestServer({ POSTMARK_SERVER_TOKEN: 'server-token', EMAIL_FROM: 'tidings@example.org' });
    expect((await mailing.graphql('{ instance { emailEnabled } }')).body.data.instance).toEqual({ emailEnabled: true });
  });

  it('answers an invalid change with an error result', async () => {
    expect((await graphql(UPDATE, { input: { maxUsers: -1 } }, admin)).body.data.updateInstanceConfig).toEqual({
      __typename: 'InvalidInputError',
      message: 'Max users must be at least 0',
    });
  });

  it('refuses a maxUsers that is not a whole number with a 400, changing nothing', async () => {
    for (const maxUsers of ['12abc', '', '12', 12.5, true, 2 ** 31]) {
      const response = await graphql(UPDATE, { input: { name: 'Changed', maxUsers } }, admin);
      expect(response.status, JSON.stringify(maxUsers)).toBe(400);
      expect(response.body.errors?.[0]?.message).toMatch(/Int cannot represent/);
    }
    expect((await graphql(CONFIG, {}, admin)).body.data.instanceConfig).toEqual(DEFAULTS);
  });

  it('refuses instanceConfig to anonymous callers (401), users and an administrator’s API token (403)', async () => {
    for (const [token, status, message] of [
      [undefined, 401, 'Authentication required'],
      [userAccount.token, 403, ADMINISTRATORS_ONLY],
      [adminApiToken, 403, TOKEN_REFUSED],
    ] as const) {
      const { body } = await graphql(CONFIG, {}, token);
      expect(body.data?.instanceConfig ?? null).toBeNull();
      expect(body.errors?.[0]).toMatchObject({ message, extensions: { status } });
    }
  });

  it('refuses updateInstanceConfig to the same callers with an error result, changing nothing', async () => {
    for (const [token, __typename, message] of [
      [undefined, 'UnauthenticatedError', 'Authentication required'],
      [userAccount.token, 'ForbiddenError', ADMINISTRATORS_ONLY],
      [adminApiToken, 'ForbiddenError', TOKEN_REFUSED],
    ] as const) {
      const { body } = await graphql(UPDATE, { input: { name: 'Taken over', maxUsers: 1 } }, token);
      expect(body.data.updateInstanceConfig).toEqual({ __typename, message });
    }
    expect((await graphql(CONFIG, {}, admin)).body.data.instanceConfig).toEqual(DEFAULTS);
  });
});

describe('registration refused by the configuration', () => {
  it('answers 403 {error} over REST and an error result over GraphQL, leaving the invite unused', async () => {
    const code = await newInvite(services, adminAccount.user.id);
    const unused = async () => (await services.db.inviteCode.findUniqueOrThrow({ where: { code } })).usedAt;

    await rest('PATCH', '/admin/config', { token: admin, body: { allowRegistration: false } });
    const body = registration(uniqueUsername(), code);
    expect(await rest('POST', '/auth/register', { body })).toMatchObject({
      status: 403,
      body: { error: REGISTRATION_CLOSED },
    });
    expect((await graphql(REGISTER, { input: body })).body.data.register).toEqual({
      __typename: 'ForbiddenError',
      message: REGISTRATION_CLOSED,
    });
    expect(await unused()).toBeNull();

    const users = await services.db.user.count();
    await rest('PATCH', '/admin/config', { token: admin, body: { allowRegistration: true, maxUsers: users } });
    expect(await rest('POST', '/auth/register', { body })).toMatchObject({ status: 403, body: { error: INSTANCE_FULL } });
    expect((await graphql(REGISTER, { input: body })).body.data.register).toEqual({ __typename: 'ForbiddenError', message: INSTANCE_FULL });
    expect(await unused()).toBeNull();

    await restore();
    expect((await rest('POST', '/auth/register', { body })).status).toBe(201);
    expect(await unused()).not.toBeNull();
  });
});

describe('GET /api/public/rss', () => {
  it('is titled with the instance name', async () => {
    await rest('PATCH', '/admin/config', { token: admin, body: { name: 'The Newsroom' } });
    const xml = await (await fetch(`${server.url}/api/public/rss`)).text();
    expect(xml).toContain('<title>The Newsroom: public shares</title>');
    await restore();
  });
});
