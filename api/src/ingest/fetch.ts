import { STATUS_CODES } from 'node:http';
import type { Readable } from 'node:stream';
import { request, type Agent, type Dispatcher } from 'undici';
import type { Config } from '../config.ts';
import { FeedFetchError } from './fetchError.ts';
import { readBody, tooLarge } from './readBody.ts';
import { createGuardedAgent, parseFetchableUrl, systemResolver, type AddressPolicy, type Resolver } from './ssrfGuard.ts';

export type FetchOptions = {
  /** e.g. userAgentFor(config.publicUrl) */
  userAgent: string;
  /** FEED_ALLOW_PRIVATE_HOSTS: lifts the address check, never the http/https check. */
  allowPrivateHosts: boolean;
  /** Addresses exempt from the address check while it is on (tests; a future per-host allow-list). */
  allowedAddresses?: readonly string[];
  /** The validators stored from the last 200, sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
  /** Defaults to FEED_ACCEPT; discovery asks for HTML pages through the same function. */
  accept?: string;
  maxBytes?: number;
  connectTimeoutMs?: number;
  /** From the first byte sent to the last byte read, across all redirects. */
  totalTimeoutMs?: number;
  maxRedirects?: number;
  /** Replaces DNS resolution (tests only); every resolved address still goes through the guard. */
  resolve?: Resolver;
  /** Runs the whole fetch (every redirect, the whole body) when the host asked for may take one more request. */
  hostGate?: HostGate;
};

/** Runs `fetch` in one of `host`'s fetch slots, waiting for one if need be (domain/core/hostSlots.ts). */
export type HostGate = <T>(host: string, fetch: () => Promise<T>) => Promise<T>;

export type FetchResult =
  | { status: 'not-modified'; url: string; permanentUrl: string | null }
  | {
      status: 'ok';
      url: string;
      permanentUrl: string | null;
      body: Buffer;
      contentType: string | null;
      /** The Content-Location header: the document's own address when it differs from the one asked for. */
      contentLocation?: string | null;
      etag: string | null;
      lastModified: string | null;
    };

/** Prefers feed formats and still takes whatever the server has (a feed served as text/plain is common). */
export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1';

/** Limits used when the options leave them out: 10 MB, 10 s to connect, 30 s in all, 5 redirects. */
export const FETCH_DEFAULTS = { maxBytes: 10 * 1024 * 1024, connectTimeoutMs: 10_000, totalTimeoutMs: 30_000, maxRedirects: 5 } as const;

/** The User-Agent for every fetch: names Tidings and the instance, so publishers can reach its admin. */
export function userAgentFor(publicUrl: string): string {
  return `Tidings/0.1 (+${publicUrl})`;
}

/** What every server-side feed request shares: Tidings' User-Agent, the instance's SSRF policy and its time limit. */
export type FetchPolicy = Pick<FetchOptions, 'userAgent' | 'allowPrivateHosts' | 'totalTimeoutMs' | 'hostGate'>;

/** The fetch policy an instance's configuration asks for. */
export function fetchPolicyFor(config: Pick<Config, 'publicUrl' | 'feedAllowPrivateHosts' | 'feedFetchTimeoutMs'>): FetchPolicy {
  return {
    userAgent: userAgentFor(config.publicUrl),
    allowPrivateHosts: config.feedAllowPrivateHosts,
    totalTimeoutMs: config.feedFetchTimeoutMs,
  };
}

/**
 * Fetches one URL through the SSRF guard and returns its decoded body, or 'not-modified' on a 304.
 * Follows up to `maxRedirects` redirects itself, checking every hop; `url` is the final URL and
 * `permanentUrl` is set only when every hop was permanent (301/308), so the caller may store it.
 * Throws FeedFetchError for everything else (refused address, timeout, size, status, network).
 */
export async function fetchResource(url: string, options: FetchOptions): Promise<FetchResult> {
  const host = URL.canParse(url) ? new URL(url).hostname : '';
  return options.hostGate && host ? options.hostGate(host, () => fetchNow(url, options)) : fetchNow(url, options);
}

async function fetchNow(url: string, options: FetchOptions): Promise<FetchResult> {
  const { maxBytes, connectTimeoutMs, totalTimeoutMs, maxRedirects } = { ...FETCH_DEFAULTS, ...definedOnly(options) };
  const policy: AddressPolicy = { allowPrivateHosts: options.allowPrivateHosts, allowedAddresses: options.allowedAddresses };
  const start = parseFetchableUrl(url, policy);
  const agent = sharedAgent(policy, connectTimeoutMs, options.resolve);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(timeoutError()), totalTimeoutMs);
  const headers: Record<string, string> = {
    'user-agent': options.userAgent,
    accept: options.accept ?? FEED_ACCEPT,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (options.etag) headers['if-none-match'] = options.etag;
  if (options.lastModified) headers['if-modified-since'] = options.lastModified;

  try {
    const {
      response,
      url: current,
      allPermanent,
      redirects,
    } = await followRedirects(start, { agent, headers, signal: deadline.signal, maxRedirects, policy });
    const header = (name: string) => firstValue(response.headers[name]);
    const { statusCode } = response;
    const permanentUrl = redirects > 0 && allPermanent && current.href !== start.href ? current.href : null;
    if (statusCode === 304) {
      discard(response.body);
      return { status: 'not-modified', url: current.href, permanentUrl };
    }
    if (statusCode < 200 || statusCode > 299) {
      discard(response.body);
      throw statusError(statusCode, header('retry-after'));
    }
    const declaredLength = Number(header('content-length') ?? NaN);
    if (declaredLength > maxBytes) {
      discard(response.body);
      throw tooLarge(maxBytes);
    }
    const body = await readBody(response.body, header('content-encoding'), maxBytes).finally(() => discard(response.body));
    return {
      status: 'ok',
      url: current.href,
      permanentUrl,
      body,
      contentType: header('content-type'),
      contentLocation: header('content-location'),
      etag: header('etag'),
      lastModified: header('last-modified'),
    };
  } catch (error) {
    throw deadline.signal.aborted ? timeoutError() : asFeedFetchError(error);
  } finally {
    clearTimeout(timer);
  }
}

// One guarded agent per policy, kept for the process: a host's connection stays open between its fetches
// (HTTP keep-alive), so refreshing many feeds of one publisher, or answering 304s, does not pay a TCP (and TLS)
// handshake each time (docs/benchmarks.md). Every new connection still goes through the guard; an idle one closes
// after undici's keep-alive timeout and does not hold the process open.
const agents = new WeakMap<Resolver, Map<string, Agent>>();
function sharedAgent(policy: AddressPolicy, connectTimeoutMs: number, resolve: Resolver = systemResolver): Agent {
  const key = JSON.stringify([policy.allowPrivateHosts, policy.allowedAddresses ?? [], connectTimeoutMs]);
  let byPolicy = agents.get(resolve);
  if (!byPolicy) agents.set(resolve, (byPolicy = new Map()));
  let agent = byPolicy.get(key);
  if (!agent) byPolicy.set(key, (agent = createGuardedAgent({ ...policy, connectTimeoutMs, resolve })));
  return agent;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

type Hops = { agent: Agent; headers: Record<string, string>; signal: AbortSignal; maxRedirects: number; policy: AddressPolicy };

/** The first answer that is not a redirect, its body unread; `allPermanent` tells whether every hop was 301/308. */
export type Followed = { response: Dispatcher.ResponseData; url: URL; allPermanent: boolean; redirects: number };

/**
 * GETs `start` through `agent`, following up to `maxRedirects` redirects itself and checking every hop against
 * `policy` before connecting. Throws FeedFetchError for a redirect without a valid target or one too many.
 */
export async function followRedirects(start: URL, { agent, headers, signal, maxRedirects, policy }: Hops): Promise<Followed> {
  let current = start;
  let allPermanent = true;
  for (let redirects = 0; ; redirects += 1) {
    const response = await request(current, { dispatcher: agent, method: 'GET', headers, signal });
    const { statusCode } = response;
    if (!REDIRECTS.has(statusCode)) return { response, url: current, allPermanent, redirects };
    discard(response.body);
    const location = firstValue(response.headers.location);
    if (!location)
      throw new FeedFetchError('bad-response', `The feed answered ${statusLine(statusCode)} without saying where to`, {
        status: statusCode,
      });
    if (redirects >= maxRedirects)
      throw new FeedFetchError('too-many-redirects', 'The feed redirects too many times', { status: statusCode });
    if (statusCode !== 301 && statusCode !== 308) allPermanent = false;
    const next = URL.canParse(location, current) ? new URL(location, current).href : null;
    if (!next) throw new FeedFetchError('bad-response', 'The feed redirects to an invalid address', { status: statusCode });
    current = parseFetchableUrl(next, policy);
  }
}

/** Drops a body we will not read. undici turns a plain destroy() into an 'error' event, which must not go unheard. */
export function discard(body: Readable) {
  body.on('error', () => {});
  body.destroy();
}

function definedOnly<T extends object>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function firstValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

function statusLine(status: number): string {
  return `${status} ${STATUS_CODES[status] ?? 'Unknown Status'}`;
}

function statusError(status: number, retryAfter: string | null): FeedFetchError {
  const retryAfterSeconds = status === 429 || status === 503 ? parseRetryAfter(retryAfter) : null;
  return new FeedFetchError('http-status', `The feed answered ${statusLine(status)}`, { status, retryAfterSeconds });
}

/** Reads Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date, as whole seconds from `now`. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  const text = value?.trim() ?? '';
  if (/^\d+$/.test(text)) return Number(text);
  const date = /[a-z]/i.test(text) ? Date.parse(text) : NaN; // V8 would read "-5" as the year 5 BC
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function timeoutError(): FeedFetchError {
  return new FeedFetchError('timeout', 'The feed took too long to answer');
}

const NETWORK_MESSAGES: Record<string, string> = {
  ENOTFOUND: 'The feed’s server could not be found',
  EAI_AGAIN: 'The feed’s server could not be found',
  ECONNREFUSED: 'The feed’s server refused the connection',
  ECONNRESET: 'The connection to the feed’s server was lost',
  UND_ERR_SOCKET: 'The connection to the feed’s server was lost',
  EHOSTUNREACH: 'The feed’s server cannot be reached',
  ENETUNREACH: 'The feed’s server cannot be reached',
};

/** Maps whatever undici, DNS, TLS or the guard threw to one FeedFetchError. */
export function asFeedFetchError(error: unknown): FeedFetchError {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof FeedFetchError) return cause;
  }
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'ETIMEDOUT') {
    return new FeedFetchError('timeout', 'The feed took too long to answer', { cause: error });
  }
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'EPROTO' || code.startsWith('ERR_SSL')) {
    return new FeedFetchError('network', 'The feed’s secure connection failed (certificate or TLS error)', { cause: error });
  }
  return new FeedFetchError('network', NETWORK_MESSAGES[code] ?? 'The feed could not be reached', { cause: error });
}
