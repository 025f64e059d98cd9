import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { register } from '../src/domain/accounts/accounts.ts';
import type { Services } from '../src/domain/core/services.ts';
import { uniqueAddress } from './fixtures.ts';
import { createTestServices } from './services.ts';
import { afterCaller } from './cleanup.ts';

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** The real app on a free port over a fresh database, with helpers to call it as a client would. */
export async function startTestServer(overrides: Record<string, string> = {}, webDist: URL | null = null, connections?: number) {
  const services = await createTestServices(overrides, connections);
  const app = await buildApp({ services, webDist });
  await app.listen({ port: 0, host: '127.0.0.1' });
  afterCaller(async () => {
    // The tests are over: a connection a test left open (an unread answer body) must not hold the close up.
    const closing = app.close();
    app.server.closeAllConnections();
    await closing;
  });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return { services, app, url, ...httpClients(url) };
}

let counter = 0;

/** Registers an account through the domain with a fresh invite code; `admin` decides the role. */
export async function signUp(services: Services, options: { username?: string; password?: string; admin?: boolean } = {}) {
  counter += 1;
  const username = options.username ?? `user${counter}_${Date.now().toString(36)}`;
  const password = options.password ?? 'correct horse battery';
  const invite = await services.db.inviteCode.create({
    data: { code: `TEST-CODE-${username.toUpperCase()}-${counter}`, createdById: null },
  });
  const { user, token } = await register(
    services,
    { username, email: `${username}@example.com`, password, inviteCode: invite.code },
    uniqueAddress(),
  );
  if (!options.admin) await services.db.user.update({ where: { id: user.id }, data: { role: 'user' } });
  return { user: { ...user, role: options.admin ? user.role : ('user' as const) }, token, password };
}

/** REST and GraphQL-over-HTTP callers for the server at `url`. */
export function httpClients(url: string) {
  /** Calls the REST API; `body` is sent as JSON unless it is already a string. */
  async function rest(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  }

  /** Runs a GraphQL operation over HTTP. */
  async function graphql(query: string, variables: Record<string, unknown> = {}, token?: string) {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, body: (await response.json()) as { data?: any; errors?: { message: string; extensions?: any }[] } }; // any: shapes vary per operation
  }

  return { rest, graphql };
}
