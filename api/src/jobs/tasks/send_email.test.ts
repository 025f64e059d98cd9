import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JobHelpers } from 'graphile-worker';
import { ServerClient } from 'postmark';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../test/services.ts';
import { sendEmailTask } from './send_email.ts';

const helpers = { logger: { warn: vi.fn() } } as unknown as JobHelpers; // only the logger is used

describe('send_email', async () => {
  const received: { headers: IncomingMessage['headers']; body: unknown }[] = [];
  let status = 200;
  const postmark = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: JSON.parse(body) });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? { ErrorCode: 0, Message: 'OK' } : { ErrorCode: 300, Message: 'Invalid email request' }));
    });
  });
  await new Promise<void>((resolve) => postmark.listen(0, '127.0.0.1', resolve));
  afterAll(() => postmark.close());
  const host = `127.0.0.1:${(postmark.address() as AddressInfo).port}`;
  const localClient = (token: string) => new ServerClient(token, { useHttps: false, requestHost: host, timeout: 5 });
  const config = testConfig({ POSTMARK_SERVER_TOKEN: 'server-token', EMAIL_FROM: 'tidings@example.org' });

  it('sends the e-mail through Postmark with the server token', async () => {
    await sendEmailTask(config, localClient)({ to: 'ada@example.com', subject: 'Hello', text: 'Body' }, helpers);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-postmark-server-token']).toBe('server-token');
    expect(received[0]!.body).toMatchObject({ From: 'tidings@example.org', To: 'ada@example.com', Subject: 'Hello', TextBody: 'Body' });
  });

  it('throws when Postmark refuses, so the job is retried', async () => {
    status = 422;
    await expect(sendEmailTask(config, localClient)({ to: 'ada@example.com', subject: 'Hello', text: 'Body' }, helpers)).rejects.toThrow(
      /Invalid email request/,
    );
    status = 200;
  });

  it('refuses a malformed payload', async () => {
    await expect(sendEmailTask(config, localClient)({ to: 'ada@example.com' }, helpers)).rejects.toThrow();
  });

  it('sends nothing when e-mail is not configured', async () => {
    const before = received.length;
    await sendEmailTask(testConfig(), localClient)({ to: 'ada@example.com', subject: 'Hello', text: 'Body' }, helpers);
    expect(received).toHaveLength(before);
    expect(helpers.logger.warn).toHaveBeenCalled();
  });
});
