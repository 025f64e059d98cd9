import type { JobHelpers } from 'graphile-worker';
import { describe, expect, it, vi } from 'vitest';
import { startFakePostmark } from '../../../test/fakePostmark.ts';
import { testConfig } from '../../../test/services.ts';
import { sendEmailTask } from './send_email.ts';

const helpers = { logger: { warn: vi.fn() } } as unknown as JobHelpers; // only the logger is used

describe('send_email', async () => {
  const postmark = await startFakePostmark();
  const config = testConfig({ POSTMARK_SERVER_TOKEN: 'server-token', EMAIL_FROM: 'tidings@example.org', POSTMARK_API_URL: postmark.url });
  const { received } = postmark;

  it('sends the e-mail through Postmark (at POSTMARK_API_URL) with the server token', async () => {
    await sendEmailTask(config)({ to: 'ada@example.com', subject: 'Hello', text: 'Body' }, helpers);
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-postmark-server-token']).toBe('server-token');
    expect(received[0]!.body).toMatchObject({ From: 'tidings@example.org', To: 'ada@example.com', Subject: 'Hello', TextBody: 'Body' });
  });

  it('throws when Postmark refuses, so the job is retried', async () => {
    postmark.state.refuse = { status: 422, code: 300, message: 'Invalid email request' };
    await expect(sendEmailTask(config)({ to: 'ada@example.com', subject: 'Hello', text: 'Body' }, helpers)).rejects.toThrow(
      /Invalid email request/,
    );
    postmark.state.refuse = null;
  });

  it('refuses a malformed payload', async () => {
    await expect(sendEmailTask(config)({ to: 'ada@example.com' }, helpers)).rejects.toThrow();
  });

  it('sends nothing when e-mail is not configured', async () => {
    const before = received.length;
    await sendEmailTask(testConfig())({ to: 'ada@example.com', subject: 'Hello', text: 'Body' }, helpers);
    expect(received).toHaveLength(before);
    expect(helpers.logger.warn).toHaveBeenCalled();
  });
});
