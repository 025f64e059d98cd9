import { z } from 'zod';
import type { Task } from 'graphile-worker';
import type { Config } from '../../config.ts';
import { postmarkClient } from '../../email/postmark.ts';

const payload = z.object({ to: z.string().min(1), subject: z.string().min(1), text: z.string().min(1) });

/** Sends one e-mail through Postmark. A failure throws, so Graphile Worker retries with backoff. */
export function sendEmailTask(config: Config): Task {
  return async (raw, helpers) => {
    const email = payload.parse(raw);
    if (!config.email) {
      helpers.logger.warn('send_email skipped: e-mail is not configured');
      return;
    }
    await postmarkClient(config.email).sendEmail({
      From: config.email.from,
      To: email.to,
      Subject: email.subject,
      TextBody: email.text,
      MessageStream: 'outbound',
    });
  };
}
