import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { requestPasswordReset } from '../domain/accounts/passwordReset.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { runPasswordResetJobs, uniqueAddress } from '../../test/fixtures.ts';
import { waitFor } from '../../test/socialFixtures.ts';

/** graphql-ws connections live only as long as their session, on the real server. */
const server = await startTestServer();
const { services, rest, graphql } = server;
const wsUrl = `${server.url.replace(/^http/, 'ws')}/graphql`;

const VIEWER = '{ viewer { username } }';
type Answer = { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }; // any: data shapes vary per operation

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

/** A graphql-transport-ws connection spoken by hand, so that a test sees every answer and the close. */
async function openSocket(token: string) {
  const socket = new WebSocket(wsUrl, 'graphql-transport-ws');
  sockets.push(socket);
  const messages: { id?: string; type: string; payload?: any }[] = []; // any: as sent
  let closed: { code: number; reason: string; at: number } | null = null;
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  socket.on('close', (code, reason) => (closed = { code, reason: String(reason), at: Date.now() }));
  await once(socket, 'open');
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  expect(await waitFor(() => messages.some((message) => message.type === 'connection_ack'))).toBe(true);
  let lastId = 0;
  return {
    /** Sends an operation; its answer, or null when none came (the socket is closed). */
    async run(query: string): Promise<Answer | null> {
      const id = String(++lastId);
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
      const answered = () => messages.find((message) => message.id === id && (message.type === 'next' || message.type === 'error'));
      await waitFor(() => answered() !== undefined || closed !== null, 2000);
      const answer = answered();
      return answer ? (answer.type === 'next' ? answer.payload : { errors: answer.payload }) : null;
    },
    closed: () => closed,
  };
}

/** Runs `end` and answers how long the socket stayed open after it, with the close it got. */
async function closedAfter(socket: Awaited<ReturnType<typeof openSocket>>, end: () => Promise<unknown>) {
  const start = Date.now();
  await end();
  await waitFor(() => socket.closed() !== null, 3000);
  const closed = socket.closed();
  return { code: closed?.code, reason: closed?.reason, afterMs: closed ? closed.at - start : Infinity };
}

async function login(username: string, password: string): Promise<string> {
  const response = await rest('POST', '/auth/login', { body: { usernameOrEmail: username, password } });
  expect(response.status).toBe(200);
  return response.body.token;
}

describe('a graphql-ws connection and its session', () => {
  it.each([
    ['REST', (token: string) => rest('POST', '/auth/logout', { token })],
    ['GraphQL', (token: string) => graphql('mutation { logout }', {}, token)],
  ])('is closed within 1 s of a logout over %s, and answers nothing more', async (_edge, logout) => {
    const { user, token } = await signUp(services);
    const socket = await openSocket(token);
    expect((await socket.run(VIEWER))?.data).toEqual({ viewer: { username: user.username } });

    const closed = await closedAfter(socket, () => logout(token));
    expect(closed).toMatchObject({ code: 4401, reason: 'Session ended. Please login again.' });
    expect(closed.afterMs).toBeLessThan(1000);
    expect(await socket.run(VIEWER)).toBeNull();
  });

  it('is closed within 1 s of a password change for the other sessions, and the changing session keeps its socket', async () => {
    const { user, token, password } = await signUp(services);
    const other = await login(user.username, password);
    const [mine, theirs] = [await openSocket(token), await openSocket(other)];

    const closed = await closedAfter(theirs, () =>
      rest('PATCH', '/auth/password', { token, body: { currentPassword: password, newPassword: 'a new horse battery' } }),
    );
    expect(closed.code).toBe(4401);
    expect(closed.afterMs).toBeLessThan(1000);
    expect(await theirs.run(VIEWER)).toBeNull();
    expect((await mine.run(VIEWER))?.data).toEqual({ viewer: { username: user.username } });
    expect(mine.closed()).toBeNull();
  });

  it('is closed within 1 s of a password reset, for every session of the account', async () => {
    const { user, token, password } = await signUp(services);
    const sockets = [await openSocket(token), await openSocket(await login(user.username, password))];
    await requestPasswordReset(services, { email: user.email }, uniqueAddress());
    await runPasswordResetJobs(services);
    const notification = await services.db.notification.findFirstOrThrow({ where: { userId: user.id, type: 'password_reset' } });
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(notification.link ?? '')![1];

    const closed = await closedAfter(sockets[0]!, () =>
      rest('POST', '/auth/reset-password', { body: { token: resetToken, newPassword: 'a reset horse battery' } }),
    );
    expect(closed.code).toBe(4401);
    expect(closed.afterMs).toBeLessThan(1000);
    expect(await waitFor(() => sockets[1]!.closed()?.code === 4401, 1000)).toBe(true);
  });

  it('refuses every operation once its session is gone, even when no one announced it, and then closes', async () => {
    const { user, token } = await signUp(services);
    const socket = await openSocket(token);
    expect((await socket.run(VIEWER))?.data).toEqual({ viewer: { username: user.username } });
    // Deleted behind the server's back: nothing is published, so only the check before each operation can tell.
    await services.db.session.deleteMany({ where: { userId: user.id } });

    const refused = await socket.run('mutation { createFolder(input: { name: "Kept out" }) { __typename } }');
    expect(refused?.data).toBeUndefined();
    expect(refused?.errors?.[0]).toMatchObject({ message: 'Session ended. Please login again.', extensions: { code: 'UNAUTHENTICATED' } });
    expect(await services.db.folder.count({ where: { userId: user.id } })).toBe(0);
    expect(await waitFor(() => socket.closed()?.code === 4401, 1000)).toBe(true);
  });

  it('refuses the operations of a socket whose session expired, closes it, and answers its token 401 over HTTP', async () => {
    const { user, token } = await signUp(services);
    const socket = await openSocket(token);
    expect((await socket.run(VIEWER))?.data).toEqual({ viewer: { username: user.username } });
    // Unused for longer than the default idle limit of 30 days.
    await services.db.session.updateMany({
      where: { userId: user.id },
      data: { lastUsedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) },
    });

    const refused = await socket.run(VIEWER);
    expect(refused?.data).toBeUndefined();
    expect(refused?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await waitFor(() => socket.closed()?.code === 4401, 1000)).toBe(true);
    expect(await services.db.session.count({ where: { userId: user.id } })).toBe(0);
    expect((await rest('GET', '/auth/me', { token })).status).toBe(401);
  });

  it('of an API token is closed within 1 s of its revocation, and the owner’s session socket stays open', async () => {
    const { user, token } = await signUp(services);
    const created = await rest('POST', '/tokens', { token, body: { name: 'Reader app' } });
    const tokenSocket = await openSocket(created.body.token);
    const sessionSocket = await openSocket(token);
    expect((await tokenSocket.run(VIEWER))?.data).toEqual({ viewer: { username: user.username } });

    const closed = await closedAfter(tokenSocket, () => rest('DELETE', `/tokens/${created.body.apiToken.id}`, { token }));
    expect(closed.code).toBe(4401);
    expect(closed.afterMs).toBeLessThan(1000);
    expect((await sessionSocket.run(VIEWER))?.data).toEqual({ viewer: { username: user.username } });
  });

  it("leaves other users' sockets open", async () => {
    const ada = await signUp(services);
    const bob = await signUp(services);
    const bobSocket = await openSocket(bob.token);
    const adaSocket = await openSocket(ada.token);
    await closedAfter(adaSocket, () => rest('POST', '/auth/logout', { token: ada.token }));
    expect(adaSocket.closed()?.code).toBe(4401);
    expect((await bobSocket.run(VIEWER))?.data).toEqual({ viewer: { username: bob.user.username } });
    expect(bobSocket.closed()).toBeNull();
  });
});
