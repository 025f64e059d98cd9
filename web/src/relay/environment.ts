import { createClient, type Client } from 'graphql-ws';
import {
  Environment,
  Network,
  Observable,
  RecordSource,
  Store,
  type GraphQLResponse,
  type RequestParameters,
  type Variables,
} from 'relay-runtime';
import type { SessionStore } from '../auth/session';
import { createFetchGraphQL } from './fetchGraphQL';

function webSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

function subscribeOver(client: Client) {
  return (params: RequestParameters, variables: Variables) =>
    Observable.create<GraphQLResponse>((sink) =>
      client.subscribe(
        { query: params.text ?? '', operationName: params.name, variables },
        {
          next: (value) => sink.next(value as GraphQLResponse),
          error: (error) => sink.error(error instanceof Error ? error : new Error('The live connection failed')),
          complete: () => sink.complete(),
        },
      ),
    );
}

/**
 * One Relay environment per token: its store never mixes two users' data, and its socket sends that token. The
 * session's (below) and the bookmarklet window's, which acts with the bookmarklet's token and not the session's.
 */
export function createEnvironment(token: string | null, onSessionExpired: (message: string) => void) {
  const socket = token
    ? createClient({ url: webSocketUrl(), lazy: true, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: Infinity })
    : null;
  const network = Network.create(createFetchGraphQL({ token, onSessionExpired }), socket ? subscribeOver(socket) : undefined);
  return { token, environment: new Environment({ network, store: new Store(new RecordSource()) }), dispose: () => void socket?.dispose() };
}

/** Hands out the environment of the current session, replacing it (and closing its socket) when the token changes. */
export type RelayEnvironments = { current: () => Environment };

export function createRelayEnvironments(session: SessionStore, onSessionExpired: (message: string) => void): RelayEnvironments {
  let active: ReturnType<typeof createEnvironment> | null = null;
  return {
    current: () => {
      const token = session.get()?.token ?? null;
      if (!active || active.token !== token) {
        active?.dispose();
        active = createEnvironment(token, onSessionExpired);
      }
      return active.environment;
    },
  };
}
