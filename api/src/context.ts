import { viewerFromBearerToken } from './domain/accounts/credentials.ts';
import { bearerToken } from './domain/accounts/sessions.ts';
import type { Services, Viewer } from './domain/core/services.ts';

/** What every GraphQL resolver and REST handler receives: the services and the viewer, if signed in. */
export type RequestContext = {
  services: Services;
  viewer: Viewer | null;
  /** True when the request carried a bearer token that is unknown or revoked (the client must sign in again). */
  tokenRejected: boolean;
  clientAddress: string;
};

/** Builds the context of one request (or one WebSocket connection) from its Authorization value. */
export async function createRequestContext(
  services: Services,
  authorization: string | null | undefined,
  clientAddress: string,
): Promise<RequestContext> {
  const token = bearerToken(authorization);
  const viewer = token ? await viewerFromBearerToken(services, token) : null;
  return { services, viewer, tokenRejected: token !== null && viewer === null, clientAddress };
}
