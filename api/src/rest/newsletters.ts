import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../domain/core/errors.ts';
import { findRecipient, newsletterAddress, regenerateNewsletterAddress } from '../domain/newsletters/inboundAddresses.ts';
import { receiveNewsletter } from '../domain/newsletters/receiveNewsletter.ts';
import { readPostmarkMessage } from '../ingest/mailMessage.ts';
import { requireViewer } from './handler.ts';

/** Newsletters: the reader's address and a new one, and Postmark's inbound webhook (`maxMessageBytes`: INBOUND_MAX_MESSAGE_MB). */
export async function newsletterRoutes(app: FastifyInstance, { maxMessageBytes }: { maxMessageBytes: number }): Promise<void> {
  app.get('/newsletters/address', async (request) => {
    const found = await newsletterAddress(request.context.services, requireViewer(request));
    return { address: found?.address ?? null, previous: found?.previous ?? null };
  });

  app.post('/newsletters/address/regenerate', async (request) => {
    const found = await regenerateNewsletterAddress(request.context.services, requireViewer(request));
    return { address: found?.address ?? null, previous: found?.previous ?? null };
  });

  // Postmark posts each message as JSON, its attachments base64 inside: room for a message of the largest size taken.
  // The credentials are checked before the body is read.
  const bodyLimit = Math.ceil(maxMessageBytes * 1.4) + 65_536;
  const onRequest = async (request: FastifyRequest) =>
    assertPostmarkCredentials(request, request.context.services.config.inbound?.postmarkCredentials);
  app.post('/inbound/postmark', { bodyLimit, onRequest }, async (request) => {
    const { services } = request.context;
    const { recipients, message } = readPostmarkMessage(request.body);
    let stored = 0;
    // Mail for anyone but a reader's current or recent address is dropped: nothing is stored for it.
    for (const address of recipients) {
      const recipient = await findRecipient(services, address);
      if (recipient && (await receiveNewsletter(services, recipient, message)).status === 'stored') stored += 1;
    }
    return { stored };
  });
}

/** Postmark signs nothing: its webhook carries the HTTP basic credentials configured in INBOUND_POSTMARK_CREDENTIALS. */
function assertPostmarkCredentials(request: FastifyRequest, expected: string | undefined) {
  const given = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const decoded = Buffer.from(given ?? '', 'base64');
  const wanted = Buffer.from(expected ?? '');
  if (!expected || decoded.length !== wanted.length || !timingSafeEqual(decoded, wanted)) {
    throw new UnauthenticatedError('The inbound webhook needs the credentials set in INBOUND_POSTMARK_CREDENTIALS');
  }
}
