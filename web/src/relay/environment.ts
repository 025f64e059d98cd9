import type { Client } from 'graphql-ws';
import { loadWhenOnline } from '../ui/loadWhenOnline';
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
import { trackRequests } from './requestsInFlight';

function webSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

const IDLE_FALLBACK_MS = 2_000;

/** Resolves once the page has nothing more urgent to do (after its first screen). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 10_000 });
    else window.setTimeout(resolve, IDLE_FALLBACK_MS);
  });
}

/**
 * Subscriptions over a graphql-ws client, created when the first subscription asks for it and the page is idle: the
 * library loads and the socket opens after the first screen, not with it. A subscription ended before then sends
 * nothing.
 */
function subscribeOver(connect: () => Promise<Client>) {
  return (params: RequestParameters, variables: Variables) =>
    Observable.create<GraphQLResponse>((sink) => {
      let unsubscribe: (() => void) | undefined;
      let cancelled = false;
      connect().then(
        (client) => {
          if (cancelled) return;
          unsubscribe = client.subscribe(
            { query: params.text ?? '', operationName: params.name, variables },
            {
              next: (value) => sink.next(value as GraphQLResponse),
              error: (error) => sink.error(error instanceof Error ? error : new Error('The live connection failed')),
              complete: () => sink.complete(),
            },
          );
        },
        () => sink.error(new Error('The live connection failed')),
      );
      return () => {
        cancelled = true;
        unsubscribe?.();
      };
    });
}

/**
 * One Relay environment per token: its store never mixes two users' data, and its socket sends that token. The
 * session's (below) and the bookmarklet window's, which acts with the bookmarklet's token and not the session's.
 */
export function createEnvironment(token: string | null, onSessionExpired: (message: string) => void, fetch?: typeof globalThis.fetch) {
  let socket: Promise<Client> | undefined;
  const connect = () =>
    (socket ??= idle()
      .then(() => loadWhenOnline(() => import('graphql-ws')))
      .then(({ createClient }) =>
        createClient({ url: webSocketUrl(), lazy: true, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: Infinity }),
      ));
  const requests = trackRequests(createFetchGraphQL({ token, onSessionExpired, fetch }));
  const network = Network.create(requests.send, token ? subscribeOver(connect) : undefined);
  return {
    token,
    environment: new Environment({ network, store: new Store(new RecordSource()) }),
    settled: requests.settled,
    dispose: () => void socket?.then((client) => client.dispose()),
  };
}

/**
 * Hands out the environment of the current session, replacing it (and closing its socket) when the token changes;
 * `settled` waits (at most `maxMs`) for the requests it is running.
 */
export type RelayEnvironments = { current: () => Environment; settled: (maxMs: number) => Promise<void> };

export function createRelayEnvironments(
  session: SessionStore,
  onSessionExpired: (message: string) => void,
  fetch?: typeof globalThis.fetch,
): RelayEnvironments {
  let active: ReturnType<typeof createEnvironment> | null = null;
  const activeForSession = () => {
    const token = session.get()?.token ?? null;
    if (!active || active.token !== token) {
      active?.dispose();
      active = createEnvironment(token, onSessionExpired, fetch);
    }
    return active;
  };
  return {
    current: () => activeForSession().environment,
    settled: (maxMs) => activeForSession().settled(maxMs),
  };
}
