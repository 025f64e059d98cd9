import { getIntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../../test/server.ts';
import { MAX_NODE_IDS } from './builder.ts';
import { QUERY_LIMITS } from './yoga.ts';

/** The protections of /graphql against abusive requests, and what it offers to people and tools. */
const server = await startTestServer();
const { services, graphql, url } = server;
const { token } = await signUp(services);

/** Yoga answers request errors with HTTP 200 under `application/json` (GraphQL over HTTP); what matters is that nothing ran. */
function expectRefused(response: { status: number; body: { data?: unknown; errors?: { message: string }[] } }, pattern: RegExp) {
  expect(response.status).toBeLessThan(500);
  expect(response.body.data).toBeUndefined();
  expect(response.body.errors![0]!.message).toMatch(pattern);
}

/** A query whose fields nest `depth` levels: `__type { ofType { … { name } } }` nests as deep as asked. */
function queryOfDepth(depth: number): string {
  let selection = 'name';
  for (let level = 2; level < depth; level += 1) selection = `ofType { ${selection} }`;
  return `{ __type(name: "User") { ${selection} } }`;
}

describe('query limits', () => {
  it(`accepts a query ${QUERY_LIMITS.depth} levels deep and refuses one deeper`, async () => {
    const atLimit = await graphql(queryOfDepth(QUERY_LIMITS.depth), {}, token);
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.errors).toBeUndefined();
    const tooDeep = await graphql(queryOfDepth(QUERY_LIMITS.depth + 1), {}, token);
    expectRefused(tooDeep, /depth/i);
  });

  it('counts fragments as inlined (Relay spreads one per component), and a fragment bomb hits the token limit', async () => {
    const nested = (n: number) => `{ viewer { ${'... on User { '.repeat(n)}id${' }'.repeat(n)} } }`;
    const relayLike = await graphql(nested(QUERY_LIMITS.depth + 3), {}, token);
    expect(relayLike.body.errors).toBeUndefined();
    expect(relayLike.body.data.viewer.id).toEqual(expect.any(String));
    expectRefused(await graphql(nested(1000), {}, token), /token/i);
  });

  it(`accepts ${QUERY_LIMITS.aliases} aliases and refuses more`, async () => {
    const aliases = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: viewer { id }`).join(' ')} }`;
    const atLimit = await graphql(aliases(QUERY_LIMITS.aliases), {}, token);
    expect(atLimit.status).toBe(200);
    expect(atLimit.body.errors).toBeUndefined();
    const tooMany = await graphql(aliases(QUERY_LIMITS.aliases + 1), {}, token);
    expectRefused(tooMany, /alias/i);
  });

  it('refuses a query whose cost is over the cost limit', async () => {
    const page =
      'notifications(first: 100) { edges { node { id type content read createdAt fromUser { id username displayName name avatarUrl } } } }';
    const fields = Array.from({ length: 12 }, (_, i) => `f${i}: ${page}`).join(' ');
    expectRefused(await graphql(`{ ${fields} }`, {}, token), /cost/i);
  });

  it('prices a page size passed as a variable like a literal one', async () => {
    const page = 'notifications(first: $first) { edges { node { id type content read createdAt fromUser { id username avatarUrl } } } }';
    const fields = Array.from({ length: 15 }, (_, i) => `f${i}: ${page}`).join(' ');
    const query = `query($first: Int) { ${fields} }`;
    expect((await graphql(query, { first: 1 }, token)).body.errors).toBeUndefined();
    expectRefused(await graphql(query, { first: 100 }, token), /cost/i);
  });

  it('prices a list argument by its length, written or passed as a variable', async () => {
    const id = (await graphql('{ viewer { id } }', {}, token)).body.data.viewer.id as string;
    const selection = 'id ... on Article { comments(first: 10) { edges { node { id content } } } }';
    const query = (n: number) =>
      `query($ids: [ID!]!) { ${Array.from({ length: n }, (_, i) => `n${i}: nodes(ids: $ids) { ${selection} }`).join(' ')} }`;
    expect((await graphql(query(QUERY_LIMITS.aliases), { ids: [id] }, token)).body.errors).toBeUndefined();
    const ids = Array.from({ length: MAX_NODE_IDS }, () => id);
    expectRefused(await graphql(query(2), { ids }, token), /cost/i);
    const literal = `{ a: nodes(ids: ${JSON.stringify(ids)}) { ${selection} } b: nodes(ids: ${JSON.stringify(ids)}) { ${selection} } }`;
    expectRefused(await graphql(literal, {}, token), /cost/i);
  });

  it(`answers nodes(ids:) with at most ${MAX_NODE_IDS} ids in one request, aliases included, and refuses more with a clear message`, async () => {
    const id = (await graphql('{ viewer { id } }', {}, token)).body.data.viewer.id as string;
    const query = 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }';
    const atLimit = await graphql(query, { ids: Array.from({ length: MAX_NODE_IDS }, () => id) }, token);
    expect(atLimit.body.data.nodes).toHaveLength(MAX_NODE_IDS);
    const over = await graphql(query, { ids: Array.from({ length: MAX_NODE_IDS + 1 }, () => id) }, token);
    expect(over.status).toBe(400);
    expect(over.body.errors![0]!.message).toBe(`nodes takes at most ${MAX_NODE_IDS} ids in one request, got ${MAX_NODE_IDS + 1}`);
    const aliased = await graphql(
      'query($ids: [ID!]!) { a: nodes(ids: $ids) { id } b: nodes(ids: $ids) { id } }',
      { ids: [id, id, id] },
      token,
    );
    expect(aliased.body.errors).toBeUndefined();
    const spread = await graphql(
      'query($ids: [ID!]!) { a: nodes(ids: $ids) { id } b: nodes(ids: $ids) { id } }',
      { ids: Array.from({ length: 60 }, () => id) },
      token,
    );
    expect(spread.body.errors![0]!.message).toBe(`nodes takes at most ${MAX_NODE_IDS} ids in one request, got 120`);
  });

  it('refuses a query with more tokens than the token limit', async () => {
    const fields = Array.from({ length: QUERY_LIMITS.tokens }, () => '__typename').join(' ');
    expectRefused(await graphql(`{ ${fields} }`, {}, token), /token/i);
  });

  it('refuses a batch of operations sent as a JSON array', async () => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify([{ query: '{ viewer { id } }' }, { query: '{ viewer { username } }' }]),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { errors?: { message: string }[] };
    expect(Array.isArray(body)).toBe(false);
    expect(body.errors![0]!.message).toEqual(expect.any(String));
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' });
    expect(response.status).toBe(400);
  });

  it('answers a syntax error with a GraphQL error and runs nothing', async () => {
    expectRefused(await graphql('{ viewer { id '), /Syntax Error/);
  });

  it('answers an unknown field with a validation error', async () => {
    expectRefused(await graphql('{ viewer { passwordHash } }', {}, token), /Cannot query field "passwordHash" on type "User"/);
  });
});

describe('what /graphql offers', () => {
  it('answers the full introspection query', async () => {
    const { status, body } = await graphql(getIntrospectionQuery());
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const names = body.data.__schema.types.map((t: { name: string }) => t.name);
    expect(names).toEqual(expect.arrayContaining(['User', 'InviteCode', 'Notification', 'AuthPayload', 'Error', 'RateLimitedError']));
  });

  it('serves GraphiQL to a browser', async () => {
    const response = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/graphiql/i);
    expect(html).toContain('Tidings GraphQL');
  });

  it('serves GraphiQL from the instance alone, under a policy without inline scripts', async () => {
    const response = await fetch(`${url}/graphql`, { headers: { accept: 'text/html' } });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self';/);
    expect(csp).not.toContain('unpkg');
    const html = await response.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(['/favicon.svg', '/graphiql/graphiql.css', '/graphiql/yoga-graphiql.umd.js', '/graphiql/start.js']);
    expect(html).not.toMatch(/<script>/);
    for (const asset of [...assets.slice(1), '/graphiql/monacoeditorwork/editor.worker.bundle.js']) {
      expect((await fetch(`${url}${asset}`)).status, asset).toBe(200);
    }
  });

  it('answers no cross-origin caller unless configured, and never with credentials', async () => {
    const elsewhere = { origin: 'https://elsewhere.example' };
    const post = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { ...elsewhere, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${url}/graphql`, {
      method: 'OPTIONS',
      headers: { ...elsewhere, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();

    const configured = await startTestServer({ CORS_ORIGINS: 'https://reader.example.org' });
    const allowed = await fetch(`${configured.url}/graphql`, {
      method: 'OPTIONS',
      headers: { origin: 'https://reader.example.org', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://reader.example.org');
    expect(allowed.headers.get('access-control-allow-credentials')).not.toBe('true');
    const other = await fetch(`${configured.url}/graphql`, {
      method: 'OPTIONS',
      headers: { ...elsewhere, 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://elsewhere.example');
  });
});
