import { describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../../test/server.ts';

const server = await startTestServer();
const { services, rest } = server;

const DEFAULTS = { enabled: true, digestType: 'personal', emailDigests: true };

describe('GET /api/digests/preferences', () => {
  it('answers the three preferences at the top level: on, personal, e-mailed for a new account', async () => {
    const { token } = await signUp(services);
    expect(await rest('GET', '/digests/preferences', { token })).toEqual(expect.objectContaining({ status: 200, body: DEFAULTS }));
  });

  it('refuses a signed-out caller', async () => {
    expect((await rest('GET', '/digests/preferences')).status).toBe(401);
  });
});

describe('PUT /api/digests/preferences', () => {
  it('changes only what is given and answers all three', async () => {
    const { token } = await signUp(services);
    expect((await rest('PUT', '/digests/preferences', { token, body: { digestType: 'instance' } })).body).toEqual({
      ...DEFAULTS,
      digestType: 'instance',
    });
    expect((await rest('PUT', '/digests/preferences', { token, body: { enabled: false, emailDigests: false } })).body).toEqual({
      enabled: false,
      digestType: 'instance',
      emailDigests: false,
    });
    expect((await rest('GET', '/digests/preferences', { token })).body).toEqual({
      enabled: false,
      digestType: 'instance',
      emailDigests: false,
    });
  });

  it('accepts an empty object or no body at all, changing nothing', async () => {
    const { token } = await signUp(services);
    expect(await rest('PUT', '/digests/preferences', { token, body: {} })).toMatchObject({ status: 200, body: DEFAULTS });
    expect(await rest('PUT', '/digests/preferences', { token })).toMatchObject({ status: 200, body: DEFAULTS });
  });

  it.each([
    [{ digestType: 'community' }, "digestType must be 'personal' or 'instance'"],
    [{ digestType: null }, "digestType must be 'personal' or 'instance'"],
    [{ enabled: 'false' }, 'enabled must be true or false'],
    [{ emailDigests: 1 }, 'emailDigests must be true or false'],
    [{ enabled: false, digestType: 'weekly' }, "digestType must be 'personal' or 'instance'"],
    [{ enabeld: false }, 'Unknown preference: enabeld'],
    [[true], 'The request body must be a JSON object'],
    ['"on"', 'The request body must be a JSON object'],
  ])('refuses %j with 400 and changes nothing', async (body, error) => {
    const { token } = await signUp(services);
    expect(await rest('PUT', '/digests/preferences', { token, body })).toMatchObject({ status: 400, body: { error } });
    expect((await rest('GET', '/digests/preferences', { token })).body).toEqual(DEFAULTS);
  });

  it('refuses malformed JSON', async () => {
    const { token } = await signUp(services);
    expect(await rest('PUT', '/digests/preferences', { token, body: '{"enabled":' })).toMatchObject({
      status: 400,
      body: { error: 'The request body is not valid JSON' },
    });
  });
});
