import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/server.ts';
import { createTestServices } from '../test/services.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';

/** An app whose log lines (JSON, as off a terminal) are collected, at `level`. */
async function loggedApp(level: string) {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const services = { ...(await createTestServices()), log: createLogger(level, destination) };
  const app = await buildApp({ services, webDist: null });
  const requestLines = () => lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
  return { app, lines, requestLines, services };
}

describe('request logs', async () => {
  const debug = await loggedApp('debug');
  const info = await loggedApp('info');
  afterAll(() => Promise.all([debug.app.close(), info.app.close()]));

  it('record paths without their query strings, so tokens in links never reach a log line', async () => {
    for (const url of [
      '/reset-password?token=SECRET-RESET-TOKEN',
      '/api/feeds?url=https%3A%2F%2Fme%3ASECRET-PASSWORD%40example.com',
      '/healthz?a=SECRET-A',
    ]) {
      await debug.app.inject({ method: 'GET', url });
    }
    expect(debug.lines.join('')).not.toContain('SECRET');
    const requests = debug.requestLines();
    expect(requests.map((entry) => entry.req.path)).toEqual(['/reset-password', '/api/feeds', '/healthz']);
    expect(requests[0].req).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1' });
  });

  it('at info, give one line per API call (with its GraphQL operation) and none for pages, files or probes', async () => {
    await info.app.inject({ method: 'GET', url: '/articles', headers: { accept: 'text/html' } });
    await info.app.inject({ method: 'GET', url: '/healthz' });
    await info.app.inject({ method: 'GET', url: '/api/feeds' });
    await info.app.inject({ method: 'POST', url: '/graphql', payload: { query: 'query Probe { __typename }', operationName: 'Probe' } });
    const requests = info.requestLines();
    expect(requests.map((entry) => entry.msg)).toEqual([
      expect.stringMatching(/^GET \/api\/feeds 401 \d+ ms$/),
      expect.stringMatching(/^POST \/graphql Probe 200 \d+ ms$/),
    ]);
    expect(requests[1]).toMatchObject({ level: 30, status: 200, operation: 'Probe', req: { method: 'POST', path: '/graphql' } });
  });
});

describe('error logs', async () => {
  const info = await loggedApp('info');
  afterAll(() => info.app.close());
  const errorLines = () => info.lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);

  it("say nothing of a client's mistake that GraphQL refuses, as the REST API says nothing of it", async () => {
    const { token } = await signUp(info.services);
    const unknownFeed = Buffer.from('Feed:0190a000-0000-7000-8000-000000000000').toString('base64');
    const answer = await info.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query: 'query ($feed: ID!) { articles(feedId: $feed) { edges { cursor } } }', variables: { feed: unknownFeed } },
    });
    expect(answer.json().errors).toEqual([
      expect.objectContaining({ message: 'Feed not found', extensions: { code: 'NotFoundError', status: 404 } }),
    ]);
    expect(errorLines()).toEqual([]);
  });
});
