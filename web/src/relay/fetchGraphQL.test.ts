import type { RequestParameters } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { createFetchGraphQL, NetworkError, ServerError, SessionExpiredError } from './fetchGraphQL';

const operation = { name: 'AppShellQuery', text: 'query AppShellQuery { viewer { id } }' } as RequestParameters;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const expired = { errors: [{ message: 'Session expired. Please login again.', extensions: { code: 'UNAUTHENTICATED' } }] };

describe('fetchGraphQL', () => {
  it('sends the bearer token and the operation', async () => {
    const fetch = vi.fn(async () => json(200, { data: { viewer: null } }));
    const run = createFetchGraphQL({ token: 'tok', onSessionExpired: vi.fn(), fetch });
    await expect(run(operation, { a: 1 })).resolves.toEqual({ data: { viewer: null } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(JSON.parse(init.body as string)).toEqual({ query: operation.text, operationName: 'AppShellQuery', variables: { a: 1 } });
  });

  it('sends no authorization header when signed out', async () => {
    const fetch = vi.fn(async () => json(200, { data: {} }));
    await createFetchGraphQL({ token: null, onSessionExpired: vi.fn(), fetch })(operation, {});
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it('ends the session on a 401 to a call that sent a token', async () => {
    const onSessionExpired = vi.fn();
    const run = createFetchGraphQL({ token: 'revoked', onSessionExpired, fetch: async () => json(401, expired) });
    await expect(run(operation, {})).rejects.toBeInstanceOf(SessionExpiredError);
    expect(onSessionExpired).toHaveBeenCalledWith('Session expired. Please login again.');
  });

  it('does not end a session that was never sent', async () => {
    const onSessionExpired = vi.fn();
    const run = createFetchGraphQL({ token: null, onSessionExpired, fetch: async () => json(401, expired) });
    await expect(run(operation, {})).resolves.toEqual(expired);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('passes GraphQL errors through to Relay', async () => {
    const body = { errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }], data: null };
    const run = createFetchGraphQL({ token: null, onSessionExpired: vi.fn(), fetch: async () => json(200, body) });
    await expect(run(operation, {})).resolves.toEqual(body);
  });

  it("fails with 'HTTP {status}' or 'Request failed' when the body says nothing", async () => {
    const text = (status: number, body: string) => async () => new Response(body, { status });
    await expect(createFetchGraphQL({ token: null, onSessionExpired: vi.fn(), fetch: text(413, '{}') })(operation, {})).rejects.toThrow(
      'HTTP 413',
    );
    await expect(createFetchGraphQL({ token: null, onSessionExpired: vi.fn(), fetch: text(400, '<html>') })(operation, {})).rejects.toThrow(
      'Request failed',
    );
  });

  it('says in plain words when Tidings cannot be reached or failed on its side', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    const unreachable = createFetchGraphQL({ token: null, onSessionExpired: vi.fn(), fetch: offline })(operation, {});
    await expect(unreachable).rejects.toBeInstanceOf(NetworkError);
    await expect(unreachable).rejects.toThrow("Can't reach Tidings. Check your connection and try again.");
    for (const body of ['{}', '<html>']) {
      const failed = createFetchGraphQL({ token: null, onSessionExpired: vi.fn(), fetch: async () => new Response(body, { status: 502 }) });
      await expect(failed(operation, {})).rejects.toBeInstanceOf(ServerError);
    }
  });

  it.each(['answered', 'failed'] as const)('holds a query sent while a mutation is unanswered until it is %s', async (outcome) => {
    const mutation = { name: 'MarkReadMutation', text: 'mutation MarkReadMutation { x }', operationKind: 'mutation' } as RequestParameters;
    const query = { ...operation, operationKind: 'query' } as RequestParameters;
    const sent: string[] = [];
    let answerMutation = () => {};
    const fetch = async (_url: unknown, init?: RequestInit) => {
      const name = JSON.parse(init!.body as string).operationName as string;
      sent.push(name);
      if (name === mutation.name) {
        await new Promise<void>((resolve) => (answerMutation = resolve));
        if (outcome === 'failed') return new Response('', { status: 502 });
      }
      return json(200, { data: {} });
    };
    const run = createFetchGraphQL({ token: 'tok', onSessionExpired: vi.fn(), fetch: fetch as typeof globalThis.fetch });
    const written = run(mutation, {}).catch((error: Error) => error.message);
    const read = run(query, {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([mutation.name]);
    answerMutation();
    await expect(read).resolves.toEqual({ data: {} });
    expect(sent).toEqual([mutation.name, query.name]);
    expect(await written).toEqual(outcome === 'failed' ? 'Tidings ran into a problem on its side. Try again in a moment.' : { data: {} });
    // With no mutation unanswered, a query goes out at once.
    const next = run(query, {});
    expect(sent).toEqual([mutation.name, query.name, query.name]);
    await next;
  });

  it('sends a mutation of an object once the earlier ones of that object are answered, and others at once', async () => {
    const star = { name: 'starMutation', text: 'mutation starMutation { x }', operationKind: 'mutation' } as RequestParameters;
    const unstar = { name: 'unstarMutation', text: 'mutation unstarMutation { x }', operationKind: 'mutation' } as RequestParameters;
    const sent: string[] = [];
    const answers: (() => void)[] = [];
    const fetch = async (_url: unknown, init?: RequestInit) => {
      const { operationName, variables } = JSON.parse(init!.body as string) as { operationName: string; variables: { id: string } };
      sent.push(`${operationName} ${variables.id}`);
      await new Promise<void>((resolve) => answers.push(resolve));
      return operationName === 'starMutation' ? new Response('', { status: 502 }) : json(200, { data: {} });
    };
    const run = createFetchGraphQL({ token: 'tok', onSessionExpired: vi.fn(), fetch: fetch as typeof globalThis.fetch });
    const starred = run(star, { id: 'a' }).catch((error: Error) => error);
    const undone = run(unstar, { id: 'a' });
    void run(star, { id: 'b' }).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual(['starMutation a', 'starMutation b']);
    answers.shift()!(); // the first star fails: its undo goes all the same
    expect(await starred).toBeInstanceOf(ServerError);
    await vi.waitFor(() => expect(sent).toEqual(['starMutation a', 'starMutation b', 'unstarMutation a']));
    answers.forEach((answer) => answer());
    await expect(undone).resolves.toEqual({ data: {} });
  });
});
