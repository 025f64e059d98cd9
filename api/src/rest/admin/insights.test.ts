import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { seedSmallInstance } from '../../../test/adminFixtures.ts';
import { startFakePostmark } from '../../../test/fakePostmark.ts';
import { signUp, startTestServer } from '../../../test/server.ts';
import { afterCaller } from '../../../test/cleanup.ts';

/** A fake Umami API: the figures of one website, or 500 for any other. */
async function startFakeUmami() {
  const server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://umami.test');
    const known = url.pathname.startsWith('/api/websites/site-1/') && request.headers.authorization === 'Bearer umami-key';
    response.writeHead(known ? 200 : 500, { 'content-type': 'application/json' });
    if (!known) return response.end('{"error":"nope"}');
    if (url.pathname.endsWith('/stats')) {
      return response.end(
        JSON.stringify({
          pageviews: { value: 120 },
          visitors: { value: 40 },
          visits: { value: 50 },
          bounces: { value: 20 },
          totaltime: { value: 3000 },
        }),
      );
    }
    const type = url.searchParams.get('type');
    return response.end(
      JSON.stringify(
        type === 'url'
          ? [
              { x: '/shares', y: 70 },
              { x: '/articles', y: 30 },
            ]
          : [{ x: 'share', y: 9 }],
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterCaller(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const postmark = await startFakePostmark();
const umami = await startFakeUmami();

// A bare instance (no e-mail, no analytics) seeded with known figures, and one with both configured.
const bare = await startTestServer();
const seeded = await seedSmallInstance(bare.services);
const configured = await startTestServer({
  POSTMARK_SERVER_TOKEN: 'postmark-server-token',
  EMAIL_FROM: 'tidings@example.org',
  POSTMARK_API_URL: postmark.url,
  ANALYTICS_URL: 'https://stats.example.org/share/abc/tidings',
  ANALYTICS_API_URL: `${umami}/api`,
  ANALYTICS_WEBSITE_ID: 'site-1',
  ANALYTICS_API_KEY: 'umami-key',
});
const configuredAdmin = await signUp(configured.services, { admin: true });

describe('GET /api/admin/stats', () => {
  it('answers the instance’s figures', async () => {
    const { status, body } = await bare.rest('GET', '/admin/stats', { token: seeded.admin.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      totalUsers: 5,
      activeUsers: 3,
      totalFeeds: 3,
      brokenFeeds: 1,
      totalArticles: 3,
      totalSubscriptions: 4,
      totalShares: 2,
      totalComments: 2,
      popularFeeds: [
        { id: seeded.popular.id, title: 'Popular', url: seeded.popular.url, subscriberCount: 3 },
        { id: seeded.niche.id, title: 'Niche', url: seeded.niche.url, subscriberCount: 1 },
      ],
      recentUsers: [seeded.admin, seeded.ada, seeded.bea, seeded.cy].map(({ user }) =>
        expect.objectContaining({ id: user.id, username: user.username, lastActiveAt: expect.any(String) }),
      ),
    });
  });

  it('answers zeros and empty lists on an instance with only its administrator', async () => {
    const empty = await startTestServer();
    const admin = await signUp(empty.services, { admin: true });
    const { body } = await empty.rest('GET', '/admin/stats', { token: admin.token });
    expect(body).toMatchObject({ totalUsers: 1, activeUsers: 1, totalFeeds: 0, brokenFeeds: 0, totalArticles: 0, popularFeeds: [] });
  });
});

describe('GET /api/admin/analytics/insights', () => {
  it('answers instance, engagement, growth and content insights, and no web analytics when none is configured', async () => {
    const { status, body } = await bare.rest('GET', '/admin/analytics/insights', { token: seeded.admin.token });
    expect(status).toBe(200);
    expect(body).toEqual({
      instance: { totalUsers: 5, activeUsers7d: 3, activeUsers30d: 4, totalFeeds: 3, brokenFeeds: 1, totalArticles: 3 },
      engagement: { totalShares: 2, sharesLastWeek: 1, totalComments: 2, commentsLastWeek: 2 },
      growth: { newUsersLastWeek: 3 },
      content: {
        popularFeeds: [expect.objectContaining({ id: seeded.popular.id }), expect.objectContaining({ id: seeded.niche.id })],
        weakSignals: [
          { id: seeded.niche.id, title: 'Niche', url: seeded.niche.url, subscriberCount: 1, sharesLastWeek: 1, commentsLastWeek: 1 },
        ],
        brokenFeeds: [
          {
            id: seeded.broken.id,
            title: 'Broken',
            url: seeded.broken.url,
            error: 'HTTP 500 Internal Server Error',
            lastFetchedAt: expect.any(String),
          },
        ],
      },
      webAnalytics: null,
    });
  });

  it('adds the dashboard and its figures (never its API key) when web analytics is configured', async () => {
    const { body } = await configured.rest('GET', '/admin/analytics/insights', { token: configuredAdmin.token });
    expect(body.webAnalytics).toEqual({
      dashboardUrl: 'https://stats.example.org/share/abc/tidings',
      figures: {
        pageviews: 120,
        uniqueVisitors: 40,
        bounceRate: 40,
        averageVisitTime: 60,
        topPages: [
          { path: '/shares', views: 70 },
          { path: '/articles', views: 30 },
        ],
        topEvents: [{ event: 'share', count: 9 }],
      },
    });
    expect(JSON.stringify(body)).not.toContain('umami-key');
  });

  it('leaves the figures out when the analytics API does not answer', async () => {
    const failing = await startTestServer({
      ANALYTICS_URL: 'https://stats.example.org/share/abc/tidings',
      ANALYTICS_API_URL: `${umami}/api`,
      ANALYTICS_WEBSITE_ID: 'unknown-site',
    });
    const admin = await signUp(failing.services, { admin: true });
    const { status, body } = await failing.rest('GET', '/admin/analytics/insights', { token: admin.token });
    expect(status).toBe(200);
    expect(body.webAnalytics).toEqual({ dashboardUrl: 'https://stats.example.org/share/abc/tidings', figures: null });
  });
});

describe('GET /api/admin/email/status', () => {
  it('says e-mail is not configured', async () => {
    expect(await bare.rest('GET', '/admin/email/status', { token: seeded.admin.token })).toMatchObject({
      status: 200,
      body: { configured: false, provider: null, fromEmail: null },
    });
  });

  it('names the provider and sender when it is (never the server token)', async () => {
    const { body } = await configured.rest('GET', '/admin/email/status', { token: configuredAdmin.token });
    expect(body).toEqual({ configured: true, provider: 'postmark', fromEmail: 'tidings@example.org' });
  });
});

describe('POST /api/admin/email/test', () => {
  const send = (body: unknown, token = configuredAdmin.token) => configured.rest('POST', '/admin/email/test', { token, body });

  it('sends through Postmark at once and says so', async () => {
    const before = postmark.received.length;
    expect(await send({ to: 'ada@example.com' })).toMatchObject({ status: 200, body: { message: 'Test email sent to ada@example.com' } });
    expect(postmark.received).toHaveLength(before + 1);
    expect(postmark.received.at(-1)!.headers['x-postmark-server-token']).toBe('postmark-server-token');
    expect(postmark.received.at(-1)!.body).toMatchObject({ From: 'tidings@example.org', To: 'ada@example.com' });
  });

  it('shows Postmark’s refusal', async () => {
    postmark.state.refuse = { status: 422, code: 406, message: 'You tried to send to recipient(s) that have been marked as inactive.' };
    try {
      expect(await send({ to: 'bounced@example.com' })).toEqual(
        expect.objectContaining({
          status: 502,
          body: { error: 'Postmark did not send the email: You tried to send to recipient(s) that have been marked as inactive.' },
        }),
      );
    } finally {
      postmark.state.refuse = null;
    }
  });

  it.each([
    [{}, 'Please enter an email address'],
    [{ to: '  ' }, 'Please enter an email address'],
    [undefined, 'Please enter an email address'],
    [{ to: 'not-an-address' }, 'Please enter a valid email address'],
    [{ to: 42 }, 'Please enter an email address'],
  ])('refuses %j with 400 and sends nothing', async (body, error) => {
    const before = postmark.received.length;
    expect(await send(body)).toEqual(expect.objectContaining({ status: 400, body: { error } }));
    expect(postmark.received).toHaveLength(before);
  });

  it('says e-mail is not configured on an instance without it', async () => {
    const { status, body } = await bare.rest('POST', '/admin/email/test', { token: seeded.admin.token, body: { to: 'ada@example.com' } });
    expect(status).toBe(409);
    expect(body.error).toMatch(/not configured/);
  });
});

describe('who may call them', () => {
  const calls = [
    ['GET', '/admin/stats'],
    ['GET', '/admin/analytics/insights'],
    ['GET', '/admin/email/status'],
    ['POST', '/admin/email/test'],
  ] as const;

  it.each(calls)(
    '%s %s refuses an anonymous caller (401), a non-administrator and an administrator’s API token (403)',
    async (method, path) => {
      const body = method === 'POST' ? { to: 'ada@example.com' } : undefined;
      const user = await signUp(configured.services);
      const apiToken = (await configured.rest('POST', '/tokens', { token: configuredAdmin.token, body: { name: 'Reader app' } })).body
        .token;
      const before = postmark.received.length;
      expect((await configured.rest(method, path, { body })).status).toBe(401);
      expect((await configured.rest(method, path, { body, token: user.token })).status).toBe(403);
      expect((await configured.rest(method, path, { body, token: apiToken })).status).toBe(403);
      expect(postmark.received).toHaveLength(before);
    },
  );
});
