import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { signUp, startTestServer } from '../test/server.ts';
import { servicesOver, testConfig } from '../test/services.ts';
import { buildApp } from './app.ts';

const server = await startTestServer();

function graphQLAnswer(query: string): Promise<Response> {
  return fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
}

describe('the HTTP server', () => {
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
    const permissions = response.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture']) {
      expect(permissions).toContain(`${feature}=()`);
    }
    // The copy buttons write to the clipboard, and video embeds go fullscreen; only frames may not read it.
    // Chromium 156 reports 'bluetooth' as an unknown feature, an error in the console of every page.
    expect(permissions).not.toMatch(/clipboard-write|fullscreen|bluetooth/);
    expect(permissions).toContain('clipboard-read=(self)');
  });

  it('sends the permissions policy on API and GraphQL answers too', async () => {
    for (const response of [await fetch(`${server.url}/api/no-such-thing`), await graphQLAnswer('{ __typename }')]) {
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
    }
  });

  it('marks API and GraphQL answers no-store, whatever their status', async () => {
    const { token } = await signUp(server.services);
    expect((await server.rest('GET', '/auth/me', { token })).headers.get('cache-control')).toBe('no-store');
    expect((await server.rest('GET', '/auth/me', { token: 'no-such-token' })).headers.get('cache-control')).toBe('no-store');
    expect((await server.rest('GET', '/no-such-thing')).headers.get('cache-control')).toBe('no-store');
    expect((await server.rest('POST', '/auth/login', { body: { usernameOrEmail: 'x' } })).headers.get('cache-control')).toBe('no-store');
    expect((await graphQLAnswer('{ __typename }')).headers.get('cache-control')).toBe('no-store');
    expect((await graphQLAnswer('{ nothing }')).headers.get('cache-control')).toBe('no-store');
  });

  it('leaves the caching of an API route that chose its own', async () => {
    expect((await fetch(`${server.url}/api/public/rss`)).headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('sends no Strict-Transport-Security over plain http to an http instance', async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
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

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  /** The app as configured by `env`, over this file's database, with a route that shows what it makes of a request. */
  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const services = servicesOver(testConfig(env), server.services.db, server.services.genericPlanDb);
    const app = await buildApp({ services, webDist: null, extensionZip: null });
    app.get('/test/client', async (request) => ({ address: request.context.clientAddress, protocol: request.protocol }));
    onTestFinished(() => app.close());
    return app;
  }

  /** What the app sees of a request from `peer` carrying `forwardedFor` and `X-Forwarded-Proto: https`. */
  async function seen(app: FastifyInstance, peer: string, forwardedFor: string) {
    const response = await app.inject({
      url: '/test/client',
      remoteAddress: peer,
      headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' },
    });
    return { ...response.json<{ address: string; protocol: string }>(), hsts: response.headers['strict-transport-security'] ?? null };
  }

  // A client at 203.0.113.7 that wrote 198.51.100.9 into X-Forwarded-For itself, through a proxy at 10.0.0.2 that
  // appended the address it saw.
  const THROUGH_PROXY = ['10.0.0.2', '198.51.100.9, 203.0.113.7'] as const;

  it('believes no header by default: the client is the connection', async () => {
    const app = await appWith({});
    expect(await seen(app, ...THROUGH_PROXY)).toEqual({ address: '10.0.0.2', protocol: 'http', hsts: null });
  });

  it('with a hop count, takes the address that many entries back from the connection', async () => {
    expect(await seen(await appWith({ TRUST_PROXY: '1' }), ...THROUGH_PROXY)).toMatchObject({ address: '203.0.113.7', protocol: 'https' });
    expect(await seen(await appWith({ TRUST_PROXY: '2' }), ...THROUGH_PROXY)).toMatchObject({ address: '198.51.100.9' });
  });

  it('with proxy addresses, believes only connections and entries from them', async () => {
    const app = await appWith({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' });
    expect(await seen(app, ...THROUGH_PROXY)).toMatchObject({ address: '203.0.113.7', protocol: 'https' });
    // Through two listed proxies, the client is the first address that is not one of them.
    expect(await seen(app, '192.0.2.1', '198.51.100.9, 203.0.113.7, 10.0.0.2')).toMatchObject({ address: '203.0.113.7' });
    // A client connecting directly is not believed, about its address or its scheme.
    expect(await seen(app, '203.0.113.7', '198.51.100.9')).toEqual({ address: '203.0.113.7', protocol: 'http', hsts: null });
  });

  it('with true, believes every hop, down to what the client wrote', async () => {
    expect(await seen(await appWith({ TRUST_PROXY: 'true' }), ...THROUGH_PROXY)).toMatchObject({ address: '198.51.100.9' });
  });

  it('sends Strict-Transport-Security when the trusted proxy says https, or the instance is https', async () => {
    const app = await appWith({ TRUST_PROXY: '1' });
    expect((await seen(app, ...THROUGH_PROXY)).hsts).toBe('max-age=31536000; includeSubDomains');
    expect((await app.inject({ url: '/healthz', remoteAddress: '10.0.0.2' })).headers['strict-transport-security']).toBeUndefined();
    const https = await appWith({ PUBLIC_URL: 'https://news.example.org' });
    expect((await https.inject({ url: '/healthz' })).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
