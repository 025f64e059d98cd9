import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { RateLimitedError } from '../domain/core/errors.ts';
import { assertAllowanceLeft } from '../domain/core/rateLimits.ts';
import type { Services } from '../domain/core/services.ts';
import { findRecipient, type Recipient } from '../domain/newsletters/inboundAddresses.ts';
import { addressAllowanceKey, inboundAllowances, receiveNewsletter, senderAllowanceKey } from '../domain/newsletters/receiveNewsletter.ts';
import { readMimeMessage } from '../ingest/mailMessage.ts';

/** At most this many recipients in one message: a newsletter names one reader; more is a spammer's list. */
const RECIPIENTS_MAX = 10;

type Session = SMTPServerSession & { recipientsFound?: Recipient[] };

/** An SMTP reply with its code, as smtp-server sends an error's `responseCode`. */
function reply(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

/**
 * The inbound SMTP listener (INBOUND_SMTP_PORT): it takes mail for the readers' newsletter addresses only and never
 * relays. Unknown recipients (another domain, an unknown or expired address) are refused at RCPT TO with 550, so
 * nothing is stored for them; a sender or address past its hourly allowance gets 451 (try later); a message over
 * INBOUND_MAX_MESSAGE_MB gets 552. STARTTLS when given a key and certificate; no AUTH.
 */
export async function startSmtpServer(services: Services): Promise<{ port: number; stop: () => Promise<void> }> {
  const inbound = services.config.inbound;
  if (!inbound?.smtp) throw new Error('INBOUND_DOMAIN and INBOUND_SMTP_PORT are needed to receive mail');
  const { tls } = inbound.smtp;
  const allowances = inboundAllowances(services);
  const server = new SMTPServer({
    name: inbound.domain,
    banner: 'Tidings newsletters',
    size: inbound.maxMessageBytes,
    authOptional: true,
    disabledCommands: tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(tls && { key: readFileSync(tls.keyFile), cert: readFileSync(tls.certFile) }),
    logger: false,
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    async onMailFrom(address: SMTPServerAddress, _session, done) {
      try {
        if (address.address) await assertAllowanceLeft(services, senderAllowanceKey(address.address), allowances.sender);
        done();
      } catch (error) {
        done(refusal(services, error));
      }
    },
    async onRcptTo(address: SMTPServerAddress, session: Session, done) {
      try {
        const recipient = await findRecipient(services, address.address);
        if (!recipient) return done(reply(550, '5.1.1 No such recipient here'));
        if ((session.recipientsFound ??= []).length >= RECIPIENTS_MAX) return done(reply(452, '4.5.3 Too many recipients'));
        await assertAllowanceLeft(services, addressAllowanceKey(recipient), allowances.address);
        session.recipientsFound.push(recipient);
        done();
      } catch (error) {
        done(refusal(services, error));
      }
    },
    onData(stream: Readable & { sizeExceeded?: boolean }, session: Session, done) {
      void takeMessage(services, stream, session.recipientsFound ?? []).then(
        () => done(),
        (error: unknown) => done(error instanceof Error && 'responseCode' in error ? error : refusal(services, error)),
      );
    },
  });
  server.on('error', (error) => services.log.warn({ err: error }, 'inbound SMTP connection failed'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(inbound.smtp!.port, inbound.smtp!.host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  services.log.info({ port, domain: inbound.domain }, 'receiving newsletters by SMTP');
  return { port, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function takeMessage(services: Services, stream: Readable & { sizeExceeded?: boolean }, recipients: Recipient[]): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) if (!stream.sizeExceeded) chunks.push(chunk as Buffer);
  if (stream.sizeExceeded) throw reply(552, '5.3.4 Message too big');
  const message = await readMimeMessage(Buffer.concat(chunks));
  for (const recipient of recipients) await receiveNewsletter(services, recipient, message);
}

/** A temporary refusal: the sender's server tries again later. An error other than a spent allowance is logged. */
function refusal(services: Services, error: unknown): Error {
  if (error instanceof RateLimitedError) return reply(451, `4.7.1 ${error.message}`);
  services.log.error({ err: error }, 'inbound SMTP message not taken');
  return reply(451, '4.3.0 The message could not be taken now; try again later');
}
