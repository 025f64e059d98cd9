import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has working defaults for a machine with nothing configured', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      publicUrl: 'http://localhost:4000',
      databaseUrl: undefined,
      databaseReplicaUrls: [],
      redisUrl: undefined,
      invitesPerWeek: 5,
      feedAllowPrivateHosts: false,
      feedFetchTimeoutMs: 30_000,
      workerConcurrency: 4,
      feedRefreshConcurrency: 64,
      bulkWorkerConcurrency: 2,
      exportsPerDay: 10,
      email: undefined,
      logLevel: 'info',
      worker: 'inline',
      corsOrigins: [],
      sessionIdleDays: 30,
      sessionMaxDays: 365,
      mediaProxy: 'http-only',
      mediaProxySecret: undefined,
      mediaProxyTimeoutMs: 20_000,
      mediaProxyFetches: 32,
      mediaProxyFetchesPerHost: 6,
      mediaProxyRequestsPerMinute: 600,
      analytics: undefined,
      commentsPerMinute: 30,
      postsPer3Hours: 300,
    });
    expect(config.dataDir).toBe(fileURLToPath(new URL('../../data', import.meta.url))); // the repository's data/
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://news.example.org/',
      DATABASE_URL: 'postgres://u:p@db:5432/tidings',
      DATABASE_REPLICA_URLS: 'postgres://u:p@replica-1:5432/tidings, postgresql://u:p@replica-2/tidings',
      REDIS_URL: 'redis://cache:6379',
      DATA_DIR: '/var/lib/tidings',
      BOOTSTRAP_INVITE_CODE: 'amber-harbor-quiet-falcon',
      INVITES_PER_WEEK: '10',
      FEED_ALLOW_PRIVATE_HOSTS: 'true',
      FEED_FETCH_TIMEOUT_SECONDS: '12',
      WORKER_CONCURRENCY: '2',
      FEED_REFRESH_CONCURRENCY: '16',
      BULK_WORKER_CONCURRENCY: '3',
      EXPORTS_PER_DAY: '4',
      POSTMARK_SERVER_TOKEN: 'token',
      EMAIL_FROM: 'tidings@example.org',
      POSTMARK_API_URL: 'http://127.0.0.1:4200/',
      ANALYTICS_URL: 'https://stats.example.org/share/abc/tidings',
      ANALYTICS_API_URL: 'https://stats.example.org/api/',
      ANALYTICS_WEBSITE_ID: 'site-1',
      ANALYTICS_API_KEY: 'umami-key',
      LOG_LEVEL: 'debug',
      WORKER: 'off',
      CORS_ORIGINS: 'https://reader.example.org, http://localhost:5173/',
      SESSION_IDLE_DAYS: '7',
      SESSION_MAX_DAYS: '90',
      MEDIA_PROXY: 'all',
      MEDIA_PROXY_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      MEDIA_PROXY_TIMEOUT_SECONDS: '8',
      MEDIA_PROXY_FETCHES: '10',
      MEDIA_PROXY_FETCHES_PER_HOST: '3',
      MEDIA_PROXY_REQUESTS_PER_MINUTE: '120',
      COMMENTS_PER_MINUTE: '5',
      POSTS_PER_3_HOURS: '50',
      TZ: 'Europe/Berlin',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://news.example.org',
      databaseUrl: 'postgres://u:p@db:5432/tidings',
      databaseReplicaUrls: ['postgres://u:p@replica-1:5432/tidings', 'postgresql://u:p@replica-2/tidings'],
      redisUrl: 'redis://cache:6379',
      dataDir: '/var/lib/tidings',
      bootstrapInviteCode: 'AMBER-HARBOR-QUIET-FALCON',
      invitesPerWeek: 10,
      feedAllowPrivateHosts: true,
      feedFetchTimeoutMs: 12_000,
      workerConcurrency: 2,
      feedRefreshConcurrency: 16,
      bulkWorkerConcurrency: 3,
      exportsPerDay: 4,
      email: { postmarkServerToken: 'token', from: 'tidings@example.org', postmarkApiUrl: 'http://127.0.0.1:4200' },
      analytics: {
        dashboardUrl: 'https://stats.example.org/share/abc/tidings',
        api: { url: 'https://stats.example.org/api', websiteId: 'site-1', apiKey: 'umami-key' },
      },
      logLevel: 'debug',
      worker: 'off',
      corsOrigins: ['https://reader.example.org', 'http://localhost:5173'],
      sessionIdleDays: 7,
      sessionMaxDays: 90,
      mediaProxy: 'all',
      mediaProxySecret: 'a-secret-of-at-least-thirty-two-characters',
      mediaProxyTimeoutMs: 8000,
      mediaProxyFetches: 10,
      mediaProxyFetchesPerHost: 3,
      mediaProxyRequestsPerMinute: 120,
      commentsPerMinute: 5,
      postsPer3Hours: 50,
      timeZone: 'Europe/Berlin',
    });
  });

  it.each<[Record<string, string>, string]>([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'news.example.org' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ DATABASE_URL: 'postgres://db/tidings', DATABASE_REPLICA_URLS: 'replica:5432/tidings' }, 'DATABASE_REPLICA_URLS'],
    [
      { DATABASE_URL: 'postgres://db/tidings', DATABASE_REPLICA_URLS: 'postgres://replica/tidings,mysql://other/db' },
      'DATABASE_REPLICA_URLS',
    ],
    [{ INVITES_PER_WEEK: '-1' }, 'INVITES_PER_WEEK'],
    [{ FEED_ALLOW_PRIVATE_HOSTS: 'yes' }, 'FEED_ALLOW_PRIVATE_HOSTS'],
    [{ FEED_FETCH_TIMEOUT_SECONDS: '0' }, 'FEED_FETCH_TIMEOUT_SECONDS'],
    [{ FEED_FETCH_TIMEOUT_SECONDS: '1.5' }, 'FEED_FETCH_TIMEOUT_SECONDS'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ WORKER: 'separate' }, 'WORKER'],
    [{ BOOTSTRAP_INVITE_CODE: 'not a code!' }, 'BOOTSTRAP_INVITE_CODE'],
    [{ EMAIL_FROM: 'nobody' }, 'EMAIL_FROM'],
    [{ CORS_ORIGINS: 'reader.example.org' }, 'CORS_ORIGINS'],
    [{ CORS_ORIGINS: 'https://reader.example.org/app' }, 'CORS_ORIGINS'],
    [{ SESSION_IDLE_DAYS: '0' }, 'SESSION_IDLE_DAYS'],
    [{ SESSION_MAX_DAYS: 'forever' }, 'SESSION_MAX_DAYS'],
    [{ MEDIA_PROXY: 'https' }, 'MEDIA_PROXY'],
    [{ MEDIA_PROXY_SECRET: 'short' }, 'MEDIA_PROXY_SECRET'],
    [{ MEDIA_PROXY_TIMEOUT_SECONDS: '0' }, 'MEDIA_PROXY_TIMEOUT_SECONDS'],
    [{ MEDIA_PROXY_FETCHES: 'many' }, 'MEDIA_PROXY_FETCHES'],
    [{ MEDIA_PROXY_FETCHES_PER_HOST: '0' }, 'MEDIA_PROXY_FETCHES_PER_HOST'],
    [{ MEDIA_PROXY_REQUESTS_PER_MINUTE: '-1' }, 'MEDIA_PROXY_REQUESTS_PER_MINUTE'],
    [{ POSTMARK_API_URL: 'api.postmarkapp.com' }, 'POSTMARK_API_URL'],
    [{ ANALYTICS_URL: 'https://admin:secret@stats.example.org/' }, 'ANALYTICS_URL'],
    [{ ANALYTICS_URL: 'stats.example.org' }, 'ANALYTICS_URL'],
    [{ TZ: 'Mars/Olympus' }, 'TZ'],
    ...[
      'yes',
      '-1',
      '21',
      '1.5',
      'proxy.example.org',
      '10.0.0.256',
      '10.0.0.0/33',
      '10.0.0.0/0',
      'fd00::/129',
      '10.0.0.5,',
      'fe80::1%eth0',
    ].map((value): [Record<string, string>, string] => [{ TRUST_PROXY: value }, 'TRUST_PROXY']),
  ])('refuses %o with a message naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${variable}: `));
  });

  it('says what a bad replica address must be, and refuses replicas without their primary', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/tidings', DATABASE_REPLICA_URLS: 'http://replica/tidings' })).toThrow(
      'DATABASE_REPLICA_URLS: must be URLs starting with postgres:// or postgresql://, separated by commas',
    );
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://replica/tidings' })).toThrow(
      'DATABASE_REPLICA_URLS needs DATABASE_URL, the primary they replicate',
    );
  });

  it('refuses e-mail half configured', () => {
    expect(() => loadConfig({ POSTMARK_SERVER_TOKEN: 'token' })).toThrow(/POSTMARK_SERVER_TOKEN and EMAIL_FROM must be set together/);
  });

  it('sends e-mail to the real Postmark unless told otherwise', () => {
    expect(loadConfig({ POSTMARK_SERVER_TOKEN: 'token', EMAIL_FROM: 'tidings@example.org' }).email?.postmarkApiUrl).toBe(
      'https://api.postmarkapp.com',
    );
  });

  it('receives newsletters only with a domain for the addresses, and STARTTLS only with a key and a certificate', () => {
    expect(loadConfig({}).inbound).toBeUndefined();
    expect(loadConfig({ INBOUND_DOMAIN: 'Mail.Example.org', INBOUND_SMTP_PORT: '2525' }).inbound).toMatchObject({
      domain: 'mail.example.org',
      smtp: { port: 2525, host: '0.0.0.0', tls: undefined },
      maxMessageBytes: 10 * 1024 * 1024,
    });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '25' })).toThrow(/need INBOUND_DOMAIN/);
    expect(() => loadConfig({ INBOUND_POSTMARK_CREDENTIALS: 'user:a-long-password' })).toThrow(/need INBOUND_DOMAIN/);
    expect(() => loadConfig({ INBOUND_DOMAIN: 'mail.example.org', INBOUND_TLS_KEY_FILE: '/k.pem' })).toThrow(/must be set together/);
    expect(() => loadConfig({ INBOUND_DOMAIN: 'not a domain' })).toThrow(/INBOUND_DOMAIN: must be a domain name/);
    expect(() => loadConfig({ INBOUND_DOMAIN: 'mail.example.org', INBOUND_POSTMARK_CREDENTIALS: 'user:short' })).toThrow(
      /INBOUND_POSTMARK_CREDENTIALS: must be user:password/,
    );
  });

  it('refuses an analytics API without its website, or without a dashboard', () => {
    expect(() => loadConfig({ ANALYTICS_URL: 'https://stats.example.org', ANALYTICS_API_URL: 'https://stats.example.org/api' })).toThrow(
      /ANALYTICS_API_URL and ANALYTICS_WEBSITE_ID must be set together/,
    );
    expect(() => loadConfig({ ANALYTICS_API_URL: 'https://stats.example.org/api', ANALYTICS_WEBSITE_ID: 'site-1' })).toThrow(
      /only with ANALYTICS_URL/,
    );
  });

  it.each([
    [{ WORKER_CONCURRENCY: '128' }, 'WORKER_CONCURRENCY: must be a whole number from 1 to 100'],
    [{ FEED_REFRESH_CONCURRENCY: '0' }, 'FEED_REFRESH_CONCURRENCY: must be a whole number from 1 to 200'],
    [{ BULK_WORKER_CONCURRENCY: '0' }, 'BULK_WORKER_CONCURRENCY: must be a whole number from 1 to 20'],
    [{ BULK_WORKER_CONCURRENCY: '21' }, 'BULK_WORKER_CONCURRENCY: must be a whole number from 1 to 20'],
    [{ EXPORTS_PER_DAY: '0' }, 'EXPORTS_PER_DAY: must be a whole number of at least 1'],
    [{ FEED_FETCH_TIMEOUT_SECONDS: '1.5' }, 'FEED_FETCH_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 300'],
    [{ MAX_SUBSCRIPTIONS_PER_USER: '0' }, 'MAX_SUBSCRIPTIONS_PER_USER: must be a whole number of at least 1'],
    [{ COMMENTS_PER_MINUTE: '0' }, 'COMMENTS_PER_MINUTE: must be a whole number of at least 1'],
    [{ POSTS_PER_3_HOURS: 'lots' }, 'POSTS_PER_3_HOURS: must be a whole number of at least 1'],
    [{ MEDIA_PROXY_TIMEOUT_SECONDS: '301' }, 'MEDIA_PROXY_TIMEOUT_SECONDS: must be a whole number of seconds from 1 to 300'],
    [{ MEDIA_PROXY_FETCHES: '1001' }, 'MEDIA_PROXY_FETCHES: must be a whole number from 1 to 1000'],
    [{ MEDIA_PROXY_FETCHES_PER_HOST: '2.5' }, 'MEDIA_PROXY_FETCHES_PER_HOST: must be a whole number from 1 to 100'],
    [{ MEDIA_PROXY_REQUESTS_PER_MINUTE: '0' }, 'MEDIA_PROXY_REQUESTS_PER_MINUTE: must be a whole number of at least 1'],
  ])('says which whole numbers %o may be', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['3', 3],
    ['10.0.0.5', ['10.0.0.5']],
    [' 10.0.0.5 , 172.16.0.0/12,fd00::/8, ::1 ', ['10.0.0.5', '172.16.0.0/12', 'fd00::/8', '::1']],
  ])('reads TRUST_PROXY=%j as %j', (value, trust) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });

  it('trusts no proxy unless told, and says which forms TRUST_PROXY takes', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      'TRUST_PROXY: must be true, false, a number of proxies from 1 to 20, or proxy addresses or networks such as 10.0.0.5 or 172.16.0.0/12, separated by commas',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 4000, databaseUrl: undefined });
  });
});
