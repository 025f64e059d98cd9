import { describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../test/server.ts';

/** Dates in requests, over every edge that takes one: years 1 to 9999, else a clear 400 before the database sees it. */
const server = await startTestServer();
const { rest, graphql } = server;
const { token } = await signUp(server.services);

const OUT_OF_RANGE = [
  '0000-01-01T00:00:00Z',
  '0000-12-31T23:59:59.999Z',
  '-000001-01-01T00:00:00Z',
  '-004712-01-01T00:00:00Z',
  '+010000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
];
const IN_RANGE = ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'];
const ARTICLES = `query($beforeDate: DateTime) { articles(beforeDate: $beforeDate) { totalCount } }`;
const MARK_ALL = `mutation($beforeDate: DateTime) { markAllArticlesRead(beforeDate: $beforeDate) { __typename } }`;

describe('a date out of years 1 to 9999', () => {
  it.each(OUT_OF_RANGE)('answers beforeDate=%s with 400 on REST', async (date) => {
    const query = `?beforeDate=${encodeURIComponent(date)}`;
    const expected = { status: 400, body: { error: 'beforeDate must be a date' } };
    expect(await rest('GET', `/articles${query}`, { token })).toMatchObject(expected);
    expect(await rest('POST', `/articles/mark-all-read${query}`, { token })).toMatchObject(expected);
  });

  it.each(OUT_OF_RANGE)('answers beforeDate: %s with 400 on GraphQL', async (date) => {
    for (const operation of [ARTICLES, MARK_ALL]) {
      const response = await graphql(operation, { beforeDate: date }, token);
      expect(response.status).toBe(400);
      expect(response.body.data).toBeUndefined();
      expect(response.body.errors?.[0]?.message).toContain('DateTime must be an ISO 8601 date within years 1 to 9999');
    }
    // Written into the query, it fails validation: refused before anything runs.
    const literal = await graphql(`{ articles(beforeDate: ${JSON.stringify(date)}) { totalCount } }`, {}, token);
    expect(literal.body.data).toBeUndefined();
    expect(literal.body.errors?.[0]?.message).toContain('DateTime must be an ISO 8601 date within years 1 to 9999');
  });

  it('answers a cursor naming such a date with 400', async () => {
    const cursor = Buffer.from('0000-01-01T00:00:00.000Z|0190a3c4-0000-7000-8000-000000000000').toString('base64url');
    expect(await rest('GET', `/articles?cursor=${cursor}`, { token })).toMatchObject({ status: 400, body: { error: 'Invalid cursor' } });
  });
});

describe('a date of years 1 to 9999', () => {
  it.each(IN_RANGE)('is taken on REST and GraphQL: %s', async (date) => {
    expect(await rest('GET', `/articles?beforeDate=${encodeURIComponent(date)}`, { token })).toMatchObject({ status: 200 });
    expect(await rest('POST', `/articles/mark-all-read?beforeDate=${encodeURIComponent(date)}`, { token })).toMatchObject({
      status: 200,
      body: { markedCount: 0 },
    });
    expect((await graphql(ARTICLES, { beforeDate: date }, token)).body).toEqual({ data: { articles: { totalCount: 0 } } });
  });
});
