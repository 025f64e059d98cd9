import { ServerClient } from 'postmark';
import { z } from 'zod';
import type { Task } from 'graphile-worker';
import type { Config } from '../../config.ts';

const payload = z.object({ to: z.string().min(1), subject: z.string().min(1), text: z.string().min(1) });

type EmailClient = Pick<ServerClient, 'sendEmail'>;

/** Sends one e-mail through Postmark. A failure throws, so Graphile Worker retries with backoff. */
export function sendEmailTask(config: Config, createClient: (token: string) => EmailClient = (token) => new ServerClient(token)): Task {
  return async (raw, helpers) => {
    const email = payload.parse(raw);
    if (!config.email) {
      helpers.logger.warn('send_email skipped: e-mail is not configured');
      return;
    }
    const client = createClient(config.email.postmarkServerToken);
    await client.sendEmail({
      From: config.email.from,
      To: email.to,
      Subject: email.subject,
      TextBody: email.text,
      MessageStream: 'outbound',
    });
  };
}
