import { randomInt } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

/** The bootstrap invite the server under test starts with (web/e2e/server.ts). */
export const BOOTSTRAP_INVITE_CODE = 'AMBER-HARBOR-QUIET-FALCON';

/** Where admin.setup.ts leaves the administrator's signed-in browser state for specs that only need a session. */
export const ADMIN_STORAGE_STATE = `${process.env.E2E_OUTPUT ?? 'test-results'}/.auth/admin.json`;

/** The first administrator, registered through the UI by admin.setup.ts. */
export const ADMIN = {
  username: 'ada',
  email: 'ada@tidings.test',
  displayName: 'Ada Lovelace',
  password: 'analytical-engine',
};

export type TestUser = { username: string; email: string; password: string; displayName: string };

let counter = 0;

/** A user no other test uses: the database is shared by every spec of a run. */
export function uniqueUser(prefix: string): TestUser {
  const id = `${Date.now().toString(36).slice(-5)}${process.pid % 1000}${counter++}`;
  const username = `${prefix}_${id}`.slice(0, 30);
  return {
    username,
    email: `${username}@tidings.test`,
    password: `pw-${id}-secret`,
    displayName: `${prefix[0]!.toUpperCase()}${prefix.slice(1)} Tester`,
  };
}

type GraphQLBody<T> = { data?: T; errors?: { message: string }[] };

/** Sends one GraphQL operation to the server under test. */
export async function graphql<T>(
  request: APIRequestContext,
  query: string,
  variables: object = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await request.post('/graphql', {
    data: { query, variables },
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const body = (await response.json()) as GraphQLBody<T>;
  if (!response.ok() || body.errors || !body.data) throw new Error(`GraphQL failed (${response.status()}): ${JSON.stringify(body)}`);
  return body.data;
}

/** Signs in over the API and returns the bearer token. */
export async function apiLogin(request: APIRequestContext, usernameOrEmail: string, password: string): Promise<string> {
  const { login } = await graphql<{ login: { token?: string; message?: string } }>(
    request,
    'mutation ($input: LoginInput!) { login(input: $input) { ... on AuthPayload { token } ... on Error { message } } }',
    { input: { usernameOrEmail, password } },
  );
  if (!login.token) throw new Error(`login failed: ${login.message}`);
  return login.token;
}

/** A fresh invite code from the administrator (unlimited invites). */
export async function createInviteCode(request: APIRequestContext): Promise<string> {
  const token = await apiLogin(request, ADMIN.username, ADMIN.password);
  const { createInviteCode: payload } = await graphql<{ createInviteCode: { inviteCode?: { code: string }; message?: string } }>(
    request,
    'mutation { createInviteCode { ... on CreateInviteCodePayload { inviteCode { code } } ... on Error { message } } }',
    {},
    token,
  );
  if (!payload.inviteCode) throw new Error(`createInviteCode failed: ${payload.message}`);
  return payload.inviteCode.code;
}

/** Registers a new user over the API with an invite from the administrator. */
export async function registerUser(request: APIRequestContext, prefix: string): Promise<TestUser & { token: string }> {
  return registerWithInvite(request, prefix, await createInviteCode(request));
}

/** Registers a new user over the API with this invite code. */
export async function registerWithInvite(
  request: APIRequestContext,
  prefix: string,
  inviteCode: string,
): Promise<TestUser & { token: string }> {
  const user = uniqueUser(prefix);
  const { register } = await graphql<{ register: { token?: string; message?: string } }>(
    request,
    'mutation ($input: RegisterInput!) { register(input: $input) { ... on AuthPayload { token } ... on Error { message } } }',
    { input: { username: user.username, email: user.email, password: user.password, displayName: user.displayName, inviteCode } },
    undefined,
    // A client address of its own (the server trusts the proxy header), so the suite's many registrations stay under
    // the per-address hourly limit, as people registering from their own networks would.
    { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(256)}` },
  );
  if (!register.token) throw new Error(`register failed: ${register.message}`);
  return { ...user, token: register.token };
}
