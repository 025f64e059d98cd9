import { ServerClient } from 'postmark';
import type { Config } from '../config.ts';

/** What Tidings uses of a Postmark client. */
export type EmailClient = Pick<ServerClient, 'sendEmail'>;

// Postmark's own default is 60 s: the admin's test send waits on it, so fail sooner.
const TIMEOUT_SECONDS = 15;

/**
 * The one construction of the Postmark client (the e-mail job and the admin's test send), pointed at
 * POSTMARK_API_URL, so tests talk to a local fake and never to the real service.
 */
export function postmarkClient(email: NonNullable<Config['email']>): EmailClient {
  const api = new URL(email.postmarkApiUrl);
  return new ServerClient(email.postmarkServerToken, {
    useHttps: api.protocol === 'https:',
    requestHost: `${api.host}${api.pathname.replace(/\/+$/, '')}`,
    timeout: TIMEOUT_SECONDS,
  });
}
