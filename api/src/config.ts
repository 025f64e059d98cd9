import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadStarterPacks, StarterPackFileError, type StarterPack } from './starterPacks/starterPacks.ts';

/**
 * The embedded PostgreSQL's home without DATA_DIR: `data/` at the repository root, wherever the process was
 * started from (the same from src/ and from the compiled dist/).
 */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../data', import.meta.url));

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    )
    .optional();

// The admin panel shows these addresses (and embeds the dashboard): a password in them would be on screen.
const withoutCredentials = (url: ReturnType<typeof optionalUrl>) =>
  url.refine((value) => {
    if (value === undefined || !URL.canParse(value)) return true; // optionalUrl says what is wrong with it
    const { username, password } = new URL(value);
    return !username && !password;
  }, 'must not contain a user name or password');

// A comma-separated list of web origins (scheme, host and port), each kept as the browser sends it in `Origin`.
const isOrigin = (origin: string) => {
  try {
    const url = new URL(origin);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === origin.replace(/\/+$/, '');
  } catch {
    return false;
  }
};
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .refine((origins) => origins.every(isOrigin), 'must be origins such as https://reader.example.org, separated by commas')
  .transform((origins) => origins.map((origin) => new URL(origin).origin));

// A comma-separated list of PostgreSQL URLs, each checked as DATABASE_URL is.
const isPostgresUrl = (value: string) => URL.canParse(value) && ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
const postgresUrlList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  )
  .refine((urls) => urls.every(isPostgresUrl), 'must be URLs starting with postgres:// or postgresql://, separated by commas');

/**
 * Which peers may tell the client's address and scheme (X-Forwarded-For, X-Forwarded-Proto): nobody (false), every
 * peer (true), the given number of proxies nearest to Tidings, or peers at the given addresses and networks.
 */
export type ProxyTrust = boolean | number | readonly string[];

const PROXY_HOPS_MAX = 20;

// An address or a network (address/prefix) as Fastify's proxy check reads it. A /0 network would trust everyone,
// which `true` says plainly.
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || address.includes('%') || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (version === 4 ? 32 : 128);
}

const proxyTrust = z
  .string()
  .trim()
  .transform((value, context): ProxyTrust => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    // `1` counts one proxy rather than meaning `true`: behind one proxy it finds the same client, and trusts less.
    if (/^\d+$/.test(value) && Number(value) <= PROXY_HOPS_MAX) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message: `must be true, false, a number of proxies from 1 to ${PROXY_HOPS_MAX}, or proxy addresses or networks such as 10.0.0.5 or 172.16.0.0/12, separated by commas`,
    });
    return z.NEVER;
  });

// The message names the range, since zod gives every failed check of the number the schema's one message.
const wholeNumber = (min: number, max?: number, unit = '') =>
  z.coerce
    .number({ message: `must be a whole number${unit} ${max === undefined ? `of at least ${min}` : `from ${min} to ${max}`}` })
    .int()
    .min(min)
    .max(max ?? Number.MAX_SAFE_INTEGER);

const environment = z.object({
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(4000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  DATABASE_REPLICA_URLS: postgresUrlList.default([]),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  DATA_DIR: z.string().trim().min(1).optional(),
  BOOTSTRAP_INVITE_CODE: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'must be upper-case words or digits separated by dashes, e.g. AMBER-HARBOR-QUIET-FALCON')
    .max(64)
    .optional(),
  INVITES_PER_WEEK: wholeNumber(0).default(5),
  FEED_ALLOW_PRIVATE_HOSTS: booleanFlag.default(false),
  FEED_FETCH_TIMEOUT_SECONDS: wholeNumber(1, 300, ' of seconds').default(30),
  FEED_FETCHES_PER_HOST: wholeNumber(1, 20).default(2),
  POSTMARK_SERVER_TOKEN: z.string().trim().min(1).optional(),
  EMAIL_FROM: z.email({ message: 'must be an e-mail address' }).optional(),
  POSTMARK_API_URL: optionalUrl(['http:', 'https:']).default('https://api.postmarkapp.com'),
  ANALYTICS_URL: withoutCredentials(optionalUrl(['http:', 'https:'])),
  ANALYTICS_API_URL: withoutCredentials(optionalUrl(['http:', 'https:'])),
  ANALYTICS_WEBSITE_ID: z.string().trim().min(1).optional(),
  ANALYTICS_API_KEY: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER: z.enum(['inline', 'off']).default('inline'),
  TRUST_PROXY: proxyTrust.default(false),
  WORKER_CONCURRENCY: wholeNumber(1, 100).default(4),
  FEED_REFRESH_CONCURRENCY: wholeNumber(1, 200).default(64),
  BULK_WORKER_CONCURRENCY: wholeNumber(1, 20).default(2),
  FULL_TEXT_CONCURRENCY: wholeNumber(1, 20).default(2),
  RETENTION_DAYS: wholeNumber(0, 36500, ' of days').default(180),
  RETENTION_KEEP_PER_FEED: wholeNumber(0, 100000).default(50),
  FULL_TEXT_RECENT_ARTICLES: wholeNumber(0, 500).default(50),
  EXPORTS_PER_DAY: wholeNumber(1).default(10),
  CORS_ORIGINS: originList.default([]),
  SESSION_IDLE_DAYS: wholeNumber(1, 3650, ' of days').default(30),
  SESSION_MAX_DAYS: wholeNumber(1, 3650, ' of days').default(365),
  MAX_SUBSCRIPTIONS_PER_USER: wholeNumber(1).default(2000),
  COMMENTS_PER_MINUTE: wholeNumber(1).default(30),
  POSTS_PER_3_HOURS: wholeNumber(1).default(300),
  MEDIA_PROXY: z.enum(['http-only', 'all', 'off'], { message: 'must be http-only, all or off' }).default('http-only'),
  MEDIA_PROXY_SECRET: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  MEDIA_PROXY_TIMEOUT_SECONDS: wholeNumber(1, 300, ' of seconds').default(20),
  MEDIA_PROXY_FETCHES: wholeNumber(1, 1000).default(32),
  MEDIA_PROXY_FETCHES_PER_HOST: wholeNumber(1, 100).default(6),
  MEDIA_PROXY_REQUESTS_PER_MINUTE: wholeNumber(1).default(600),
  STARTER_PACKS_FILE: z.string().trim().min(1).optional(),
  INBOUND_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a domain name such as mail.example.org')
    .optional(),
  INBOUND_SMTP_PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().trim().min(1).default('0.0.0.0'),
  INBOUND_TLS_KEY_FILE: z.string().trim().min(1).optional(),
  INBOUND_TLS_CERT_FILE: z.string().trim().min(1).optional(),
  INBOUND_POSTMARK_CREDENTIALS: z
    .string()
    .trim()
    .regex(/^[^:\s]+:\S{12,}$/, 'must be user:password, the password at least 12 characters')
    .optional(),
  INBOUND_MAX_MESSAGE_MB: wholeNumber(1, 50).default(10),
  INBOUND_MESSAGES_PER_SENDER_PER_HOUR: wholeNumber(1).default(60),
  INBOUND_MESSAGES_PER_ADDRESS_PER_HOUR: wholeNumber(1).default(300),
  // Node reads TZ too; a leading ':' (the POSIX file form) is dropped.
  TZ: z
    .string()
    .trim()
    .transform((zone) => zone.replace(/^:/, ''))
    .refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin or UTC')
    .default('UTC'),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The validated configuration of one Tidings process; read once at start-up and passed down. */
export type Config = Readonly<{
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  /** Streaming replicas of DATABASE_URL's server, for the reads that tolerate lag (db/readReplicas.ts); may be empty. */
  databaseReplicaUrls: readonly string[];
  redisUrl: string | undefined;
  dataDir: string;
  bootstrapInviteCode: string | undefined;
  invitesPerWeek: number;
  feedAllowPrivateHosts: boolean;
  /** How long one fetch of a feed or page may take in all (connecting, redirects, the whole body). */
  feedFetchTimeoutMs: number;
  /** At most this many fetches of feeds and pages at once to one host, across the instance's processes. */
  feedFetchesPerHost: number;
  /**
   * Receiving newsletters: each reader's address is `<key>@domain`. `smtp` listens when a port is given (STARTTLS
   * with the key and certificate files); `postmarkCredentials` ("user:password") guards Postmark's inbound webhook.
   * Undefined without INBOUND_DOMAIN: no address is shown and no mail is taken.
   */
  inbound:
    | {
        domain: string;
        smtp: { port: number; host: string; tls: { keyFile: string; certFile: string } | undefined } | undefined;
        postmarkCredentials: string | undefined;
        maxMessageBytes: number;
        messagesPerSenderPerHour: number;
        messagesPerAddressPerHour: number;
      }
    | undefined;
  /** Postmark's API address is configurable so tests (and a staging relay) never reach the real service. */
  email: { postmarkServerToken: string; from: string; postmarkApiUrl: string } | undefined;
  /**
   * A web-analytics dashboard (Umami) for the admin panel's Analytics tab: `dashboardUrl` is embedded; figures are
   * read from Umami's API when `api` is set too. The API key never leaves the server.
   */
  analytics: { dashboardUrl: string; api: { url: string; websiteId: string; apiKey: string | undefined } | undefined } | undefined;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  worker: 'inline' | 'off';
  workerConcurrency: number;
  /** Scheduled feed refreshes a worker runs at once (each still waits for one of its host's fetch slots). */
  feedRefreshConcurrency: number;
  /**
   * Bulk jobs (bulk subscribes, OPML imports, exports) a worker runs at once, in a runner of their own: however many
   * are queued, they never take the slots of account and scheduled work.
   */
  bulkWorkerConcurrency: number;
  /**
   * Feeds whose full articles a worker extracts at once, in a runner of their own (each feed a few pages at a time):
   * extraction is CPU work on the worker, kept from the fetches' and the account work's slots.
   */
  fullTextConcurrency: number;
  /** How many of a feed's newest articles are extracted when a subscriber turns on its full articles or edits its site rules. */
  fullTextRecentArticles: number;
  /** Retention's defaults, which the administrator's settings override: the age in days past which an article goes
   * unless kept (0: never), and how many of each feed's newest always stay. */
  retention: { days: number; keepPerFeed: number };
  /** PDF and EPUB exports one account may start in 24 hours (one at a time in any case). */
  exportsPerDay: number;
  /** Subscriptions one account may hold: each is fetched on a schedule, so an import cannot grow without bound. */
  maxSubscriptionsPerUser: number;
  /**
   * What one account may post, so that nobody floods the others' lists and notifications: comments a minute, and
   * comments and shares together in 3 hours.
   */
  commentsPerMinute: number;
  postsPer3Hours: number;
  /** Behind a reverse proxy: whose X-Forwarded-For gives the client address (it matters for login throttling). */
  trustProxy: ProxyTrust;
  /** Other web origins whose pages may call /graphql (without credentials); none by default. */
  corsOrigins: readonly string[];
  /** A session ends after this many days unused, and after `sessionMaxDays` in any case. */
  sessionIdleDays: number;
  sessionMaxDays: number;
  /** Which feed media the instance serves through /media/: `http://` ones only (they would be mixed content), all, or none. */
  mediaProxy: 'http-only' | 'all' | 'off';
  /** The key that signs media addresses; undefined: one generated on first use and kept in the database. */
  mediaProxySecret: string | undefined;
  /** How long one proxied answer may take in all, from the request to its last byte (waiting for a fetch slot included). */
  mediaProxyTimeoutMs: number;
  /** Upstream media fetches one process runs at once, in all and to one host (apart from feed fetching's slots). */
  mediaProxyFetches: number;
  mediaProxyFetchesPerHost: number;
  /** Media requests one client address (an IPv6 client by its /64) may make a minute, per process. */
  mediaProxyRequestsPerMinute: number;
  /** Discover's starter packs: the curated ones plus those of STARTER_PACKS_FILE, validated here at start-up. */
  starterPacks: readonly StarterPack[];
  /** The instance's time zone: weekly digests are made on Sunday at 06:00 there. */
  timeZone: string;
}>;

/** Thrown when an environment variable has a bad value; its message names every offending variable. */
export class ConfigError extends Error {}

/** Parses the environment into a Config, or throws a ConfigError that says which variables are wrong and why. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = environment.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.INBOUND_DOMAIN && (e.INBOUND_SMTP_PORT !== undefined || e.INBOUND_POSTMARK_CREDENTIALS)) {
    throw new ConfigError(
      'Invalid configuration:\n  INBOUND_SMTP_PORT and INBOUND_POSTMARK_CREDENTIALS need INBOUND_DOMAIN, the domain of the addresses',
    );
  }
  if (Boolean(e.INBOUND_TLS_KEY_FILE) !== Boolean(e.INBOUND_TLS_CERT_FILE)) {
    throw new ConfigError('Invalid configuration:\n  INBOUND_TLS_KEY_FILE and INBOUND_TLS_CERT_FILE must be set together');
  }
  if (Boolean(e.ANALYTICS_API_URL) !== Boolean(e.ANALYTICS_WEBSITE_ID) || (e.ANALYTICS_API_URL && !e.ANALYTICS_URL)) {
    throw new ConfigError(
      'Invalid configuration:\n  ANALYTICS_API_URL and ANALYTICS_WEBSITE_ID must be set together, and only with ANALYTICS_URL',
    );
  }
  if (e.DATABASE_REPLICA_URLS.length > 0 && !e.DATABASE_URL) {
    throw new ConfigError('Invalid configuration:\n  DATABASE_REPLICA_URLS needs DATABASE_URL, the primary they replicate');
  }
  if (Boolean(e.POSTMARK_SERVER_TOKEN) !== Boolean(e.EMAIL_FROM)) {
    throw new ConfigError(
      'Invalid configuration:\n  POSTMARK_SERVER_TOKEN and EMAIL_FROM must be set together (or neither, to turn e-mail off)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS,
    redisUrl: e.REDIS_URL,
    dataDir: e.DATA_DIR ? path.resolve(e.DATA_DIR) : DEFAULT_DATA_DIR,
    bootstrapInviteCode: e.BOOTSTRAP_INVITE_CODE,
    invitesPerWeek: e.INVITES_PER_WEEK,
    feedAllowPrivateHosts: e.FEED_ALLOW_PRIVATE_HOSTS,
    feedFetchTimeoutMs: e.FEED_FETCH_TIMEOUT_SECONDS * 1000,
    feedFetchesPerHost: e.FEED_FETCHES_PER_HOST,
    email:
      e.POSTMARK_SERVER_TOKEN && e.EMAIL_FROM
        ? { postmarkServerToken: e.POSTMARK_SERVER_TOKEN, from: e.EMAIL_FROM, postmarkApiUrl: e.POSTMARK_API_URL.replace(/\/+$/, '') }
        : undefined,
    inbound: e.INBOUND_DOMAIN
      ? {
          domain: e.INBOUND_DOMAIN,
          smtp:
            e.INBOUND_SMTP_PORT === undefined
              ? undefined
              : {
                  port: e.INBOUND_SMTP_PORT,
                  host: e.INBOUND_SMTP_HOST,
                  tls:
                    e.INBOUND_TLS_KEY_FILE && e.INBOUND_TLS_CERT_FILE
                      ? { keyFile: e.INBOUND_TLS_KEY_FILE, certFile: e.INBOUND_TLS_CERT_FILE }
                      : undefined,
                },
          postmarkCredentials: e.INBOUND_POSTMARK_CREDENTIALS,
          maxMessageBytes: e.INBOUND_MAX_MESSAGE_MB * 1024 * 1024,
          messagesPerSenderPerHour: e.INBOUND_MESSAGES_PER_SENDER_PER_HOUR,
          messagesPerAddressPerHour: e.INBOUND_MESSAGES_PER_ADDRESS_PER_HOUR,
        }
      : undefined,
    analytics: e.ANALYTICS_URL
      ? {
          dashboardUrl: e.ANALYTICS_URL,
          api:
            e.ANALYTICS_API_URL && e.ANALYTICS_WEBSITE_ID
              ? { url: e.ANALYTICS_API_URL.replace(/\/+$/, ''), websiteId: e.ANALYTICS_WEBSITE_ID, apiKey: e.ANALYTICS_API_KEY }
              : undefined,
        }
      : undefined,
    logLevel: e.LOG_LEVEL,
    worker: e.WORKER,
    workerConcurrency: e.WORKER_CONCURRENCY,
    feedRefreshConcurrency: e.FEED_REFRESH_CONCURRENCY,
    bulkWorkerConcurrency: e.BULK_WORKER_CONCURRENCY,
    fullTextConcurrency: e.FULL_TEXT_CONCURRENCY,
    fullTextRecentArticles: e.FULL_TEXT_RECENT_ARTICLES,
    retention: { days: e.RETENTION_DAYS, keepPerFeed: e.RETENTION_KEEP_PER_FEED },
    exportsPerDay: e.EXPORTS_PER_DAY,
    maxSubscriptionsPerUser: e.MAX_SUBSCRIPTIONS_PER_USER,
    commentsPerMinute: e.COMMENTS_PER_MINUTE,
    postsPer3Hours: e.POSTS_PER_3_HOURS,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    sessionIdleDays: e.SESSION_IDLE_DAYS,
    sessionMaxDays: e.SESSION_MAX_DAYS,
    mediaProxy: e.MEDIA_PROXY,
    mediaProxySecret: e.MEDIA_PROXY_SECRET,
    mediaProxyTimeoutMs: e.MEDIA_PROXY_TIMEOUT_SECONDS * 1000,
    mediaProxyFetches: e.MEDIA_PROXY_FETCHES,
    mediaProxyFetchesPerHost: e.MEDIA_PROXY_FETCHES_PER_HOST,
    mediaProxyRequestsPerMinute: e.MEDIA_PROXY_REQUESTS_PER_MINUTE,
    starterPacks: readStarterPacks(e.STARTER_PACKS_FILE),
    timeZone: e.TZ,
  };
}

function readStarterPacks(file: string | undefined): StarterPack[] {
  try {
    return loadStarterPacks(file);
  } catch (error) {
    if (error instanceof StarterPackFileError) throw new ConfigError(`Invalid configuration:\n  STARTER_PACKS_FILE: ${error.message}`);
    throw error;
  }
}
