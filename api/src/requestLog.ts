import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Requests logged at info: GraphQL and REST. */
const API_PATH = /^\/(graphql$|api\/)/;

/**
 * Fastify's request lines, one per request once it is answered, instead of one as it arrives and one as it
 * ends: API calls at info, with the GraphQL operation's name; the rest (the app's files, media, health probes)
 * at debug, so a busy log still shows what the API did.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override routeNotFound(): void {} // its answer's line says 404

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const path = request.url.split('?')[0]!;
    const operationName = (request.body as { operationName?: unknown } | undefined)?.operationName;
    const operation = typeof operationName === 'string' ? operationName : undefined;
    const ms = Math.round(reply.elapsedTime);
    const fields = { req: request, status: reply.statusCode, ms, ...(operation && { operation }), ...(error && { err: error }) };
    const level = error ? 'error' : API_PATH.test(path) ? 'info' : 'debug';
    reply.log[level](fields, `${request.method} ${path}${operation ? ` ${operation}` : ''} ${reply.statusCode} ${ms} ms`);
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) super.defaultErrorLog(error, request, reply); // a 4xx is the client's; its line says so
  }
}
