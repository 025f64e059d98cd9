import { describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../test/server.ts';

describe('the HTTP server', async () => {
  const server = await startTestServer();

  it('answers /healthz while the process is up', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz when the database is reachable', async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('sends the security headers', async () => {
    const response = await fetch(`${server.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain('img-src');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers an over-long id in a path with a JSON 404', async () => {
    const { token } = await signUp(server.services);
    const response = await server.rest('DELETE', `/invites/${'x'.repeat(300)}`, { token });
    expect(response).toMatchObject({ status: 404, body: { error: 'Invite code not found' } });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await server.rest('GET', '/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });
});
