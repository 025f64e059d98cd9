import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestServices } from '../test/services.ts';
import { buildApp } from './app.ts';
import { createLogger } from './logger.ts';

describe('request logs', async () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const services = { ...(await createTestServices()), log: createLogger('info', destination) };
  const app = await buildApp({ services, webDist: null });
  afterAll(() => app.close());

  it('record paths without their query strings, so tokens in links never reach a log line', async () => {
    for (const url of [
      '/reset-password?token=SECRET-RESET-TOKEN',
      '/api/feeds?url=https%3A%2F%2Fme%3ASECRET-PASSWORD%40example.com',
      '/healthz?a=SECRET-A',
    ]) {
      await app.inject({ method: 'GET', url });
    }
    const log = lines.join('');
    expect(log).not.toContain('SECRET');
    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(requests.map((entry) => entry.req.path)).toEqual(['/reset-password', '/api/feeds', '/healthz']);
    expect(requests[0].req).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1' });
  });
});
