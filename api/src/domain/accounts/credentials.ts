import { isApiToken, isApiTokenOpen, viewerFromApiToken } from './apiTokens.ts';
import { isSessionOpen, viewerFromSessionToken } from './sessions.ts';
import type { Credential, Services, Viewer } from '../core/services.ts';

/** The viewer a bearer token (a session's or a personal API token) stands for; null when unknown, revoked or expired. */
export function viewerFromBearerToken(services: Services, token: string): Promise<Viewer | null> {
  return isApiToken(token) ? viewerFromApiToken(services, token) : viewerFromSessionToken(services, token);
}

/** Whether what the viewer signed in with still holds: a session not ended or expired, an API token not revoked. */
export function isCredentialOpen(services: Services, credential: Credential): Promise<boolean> {
  return credential.kind === 'apiToken' ? isApiTokenOpen(services, credential.id) : isSessionOpen(services, credential.id);
}
