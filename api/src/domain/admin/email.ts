import { z } from 'zod';
import { postmarkClient } from '../../email/postmark.ts';
import { ConflictError, parseInput, UpstreamError } from '../core/errors.ts';
import type { Services, Viewer } from '../core/services.ts';
import { requireAdministrator } from '../access/administrators.ts';

export type EmailStatus = { configured: boolean; provider: 'postmark' | null; fromEmail: string | null };

/** Whether the instance sends e-mail, through which provider and from which address (never the server token). */
export function emailStatus(services: Services, viewer: Viewer | null): EmailStatus {
  requireAdministrator(viewer);
  const email = services.config.email;
  return email ? { configured: true, provider: 'postmark', fromEmail: email.from } : { configured: false, provider: null, fromEmail: null };
}

const ENTER_ADDRESS = 'Please enter an email address';

const testInput = z.object({
  to: z
    .string(ENTER_ADDRESS)
    .trim()
    .min(1, ENTER_ADDRESS)
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Please enter a valid email address')),
});

/**
 * Sends a test e-mail to `to` at once (not through the job queue), so the administrator sees Postmark's answer: its
 * error message when it refuses (a 502), else a confirmation.
 */
export async function sendTestEmail(services: Services, viewer: Viewer | null, input: unknown): Promise<{ message: string }> {
  requireAdministrator(viewer);
  const { to } = parseInput(testInput, input ?? {});
  const email = services.config.email;
  if (!email) throw new ConflictError('E-mail is not configured on this server (set POSTMARK_SERVER_TOKEN and EMAIL_FROM)');
  try {
    await postmarkClient(email).sendEmail({
      From: email.from,
      To: to,
      Subject: 'Tidings test email',
      TextBody: `This is a test email from Tidings (${services.config.publicUrl}), sent by an administrator. E-mail is working.`,
      MessageStream: 'outbound',
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    services.log.warn({ reason }, 'test e-mail refused by Postmark');
    throw new UpstreamError(`Postmark did not send the email: ${reason}`);
  }
  return { message: `Test email sent to ${to}` };
}
