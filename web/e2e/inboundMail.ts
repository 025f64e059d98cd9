/**
 * Where the e2e server takes newsletters by e-mail: its mail domain, and the SMTP port it listens on beside the
 * server on `e2ePort`, so a journey finds the listener from E2E_PORT alone, as the fake services are found.
 */
export const INBOUND_DOMAIN = 'mail.e2e.test';

/**
 * The SMTP listener's port: 2000 above the server's, clear of the fake services (1000 above) and of the ports
 * next to E2E_PORT, which side runs take for their own servers.
 */
export function inboundSmtpPort(e2ePort = Number(process.env.E2E_PORT ?? 4180)): number {
  return e2ePort + 2000;
}
