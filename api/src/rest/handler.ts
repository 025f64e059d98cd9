import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../context.ts';
import { UnauthenticatedError } from '../domain/core/errors.ts';
import type { Viewer } from '../domain/core/services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    context: RequestContext;
  }
}

/** The signed-in viewer of a REST request, or a 401. */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.context.viewer) throw new UnauthenticatedError();
  return request.context.viewer;
}

/** Answers 204 No Content. */
export function noContent(reply: FastifyReply): FastifyReply {
  return reply.code(204).send();
}
