import type { FastifyReply } from 'fastify';

/** Answers a body as text/plain, as FreshRSS does for everything but JSON. */
export function plainText(reply: FastifyReply, text: string): FastifyReply {
  return reply.header('content-type', 'text/plain; charset=utf-8').send(text);
}

/** A missing, wrong or revoked Auth value (or wrong credentials at ClientLogin). */
export function unauthorized(reply: FastifyReply): FastifyReply {
  return plainText(reply.code(401).header('google-bad-token', 'true'), 'Unauthorized!');
}
