import { requestReads, type RequestReads } from './requestReads.ts';
import { viewerFromBearerToken } from './domain/accounts/credentials.ts';
import { bearerToken } from './domain/accounts/sessions.ts';
import type { Services, Viewer } from './domain/core/services.ts';

/** What every GraphQL resolver and REST handler receives: the services and the viewer, if signed in. */
export type RequestContext = {
  /** Their `readDb` and `genericPlanReadDb` are the replica `reads` chose, or the primary. */
  services: Services;
  viewer: Viewer | null;
  /** True when the request carried a bearer token that is unknown or revoked (the client must sign in again). */
  tokenRejected: boolean;
  clientAddress: string;
  reads: RequestReads;
};

/** What the context needs of an HTTP request: whether it may only read. */
export type HttpRequest = { method: string; url: string };

const GRAPHQL_PATH = /^\/graphql(\?|$)/;

/**
 * GET and HEAD read; /graphql reads unless its operation is a mutation, which the GraphQL server finds out
 * (graphql/mutationsReadPrimary.ts); any other request writes.
 */
function writes(request: HttpRequest): boolean {
  return !['GET', 'HEAD'].includes(request.method) && !GRAPHQL_PATH.test(request.url);
}

/**
 * Builds the context of one request (or one WebSocket connection) from its Authorization value. Only an HTTP
 * request (`request`) may read from a replica: a socket's operations follow events, which tell of writes just made.
 */
export async function createRequestContext(
  services: Services,
  authorization: string | null | undefined,
  clientAddress: string,
  request: HttpRequest | null = null,
): Promise<RequestContext> {
  const token = bearerToken(authorization);
  const viewer = token ? await viewerFromBearerToken(services, token) : null;
  const writing = request !== null && writes(request);
  const reads = await requestReads(services, viewer?.id ?? null, request !== null && !writing);
  if (writing) reads.markWriting();
  return { services: reads.routedServices(), viewer, tokenRejected: token !== null && viewer === null, clientAddress, reads };
}
