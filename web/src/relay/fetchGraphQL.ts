import type { GraphQLResponse, RequestParameters, Variables } from 'relay-runtime';
import { SERVER_FAILED } from '../ui/loadFailureReason';
import { trackRequests } from './requestsInFlight';

/** Raised when the server refused the bearer token we sent (HTTP 401): the session is over. */
export class SessionExpiredError extends Error {
  constructor(message = 'Session expired. Please login again.') {
    super(message);
    this.name = 'SessionExpiredError';
  }
}

/** Raised when a request never reached Tidings (offline, the server down): said in plain words, not 'Failed to fetch'. */
export class NetworkError extends Error {
  constructor() {
    super("Can't reach Tidings. Check your connection and try again.");
    this.name = 'NetworkError';
  }
}

/** Raised when the server failed (HTTP 5xx) without a GraphQL answer: the fault is its own, not the reader's. */
export class ServerError extends Error {
  constructor() {
    super(SERVER_FAILED);
    this.name = 'ServerError';
  }
}

export type FetchGraphQLOptions = {
  /** The bearer token to send, if signed in. */
  token: string | null;
  /** Called once when a request that carried a token gets 401: the session has ended. */
  onSessionExpired: (message: string) => void;
  fetch?: typeof fetch;
  endpoint?: string;
};

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function firstErrorMessage(body: unknown): string | undefined {
  const errors = (body as { errors?: { message?: unknown }[] } | null)?.errors;
  const message = errors?.[0]?.message;
  return typeof message === 'string' ? message : undefined;
}

/**
 * Relay's network fetch: POSTs the operation with the bearer token. A 401 on a call that sent a token
 * ends the session (through `onSessionExpired`) and fails the operation with SessionExpiredError; a request that
 * never arrives fails with NetworkError, a 5xx with ServerError (both in plain words); other non-OK
 * answers fail with the server's message, else 'HTTP {status}'.
 *
 * A query waits until the mutations already sent are answered. Sent alongside one, the server could read
 * before that write, and its older answer, arriving after the mutation's, would undo it in the store: an
 * article read on the way into the reader would be unread again in the list loaded on the way back.
 *
 * A mutation of an object (its `id` variable) waits until the earlier ones of the same object are answered: a star
 * and its undo, pressed in quick succession and sent side by side, could reach the database the other way round and
 * leave the article starred while the screen says it is not. Mutations of other objects go at once.
 */
export function createFetchGraphQL(options: FetchGraphQLOptions) {
  const send = createSend(options);
  const lastMutationOf = new Map<string, Promise<unknown>>();
  const mutations = trackRequests((params: RequestParameters, variables: Variables): Promise<GraphQLResponse> => {
    const target = typeof variables.id === 'string' ? variables.id : undefined;
    const earlier = target === undefined ? undefined : lastMutationOf.get(target);
    const run = () => send(params, variables);
    const answer = earlier ? earlier.then(run, run) : run();
    if (target !== undefined) {
      lastMutationOf.set(target, answer);
      const forget = () => lastMutationOf.get(target) === answer && lastMutationOf.delete(target);
      answer.then(forget, forget);
    }
    return answer;
  });
  return async function fetchGraphQL(params: RequestParameters, variables: Variables): Promise<GraphQLResponse> {
    if (params.operationKind === 'mutation') return mutations.send(params, variables);
    if (mutations.running()) await mutations.settled();
    return send(params, variables);
  };
}

function createSend({ token, onSessionExpired, fetch: doFetch = fetch, endpoint = '/graphql' }: FetchGraphQLOptions) {
  return async function send(params: RequestParameters, variables: Variables): Promise<GraphQLResponse> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
    };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await doFetch(endpoint, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: params.text, operationName: params.name, variables }),
    }).catch(() => {
      throw new NetworkError();
    });
    const body = await readJson(response);
    if (response.status === 401 && token) {
      const error = new SessionExpiredError(firstErrorMessage(body));
      onSessionExpired(error.message);
      throw error;
    }
    // GraphQL over HTTP answers some request errors with 4xx and a GraphQL body: let Relay see those errors.
    if (body && typeof body === 'object' && ('data' in body || 'errors' in body)) return body as GraphQLResponse;
    if (response.status >= 500) throw new ServerError();
    if (!response.ok) throw new Error(body === null ? 'Request failed' : (firstErrorMessage(body) ?? `HTTP ${response.status}`));
    throw new Error('Request failed');
  };
}
