import { describe, expect, it } from 'vitest';
import { seedSmallInstance } from '../../test/adminFixtures.ts';
import { startFakePostmark } from '../../test/fakePostmark.ts';
import { signUp, startTestServer } from '../../test/server.ts';

/** The admin panel's statistics, insights and e-mail through GraphQL: the same figures as REST, the same refusals. */
const postmark = await startFakePostmark();
const server = await startTestServer({
  POSTMARK_SERVER_TOKEN: 'postmark-server-token',
  EMAIL_FROM: 'tidings@example.org',
  POSTMARK_API_URL: postmark.url,
});
const { services, graphql } = server;
const seeded = await seedSmallInstance(services);

const STATS = `{ adminStats { totalUsers activeUsers totalFeeds brokenFeeds totalArticles totalSubscriptions totalShares totalComments
  popularFeeds { feedId title url subscriberCount } recentUsers { userId username lastActiveAt } } }`;
const INSIGHTS = `{ adminInsights {
  instance { totalUsers activeUsers7d activeUsers30d totalFeeds brokenFeeds totalArticles }
  engagement { totalShares sharesLastWeek totalComments commentsLastWeek }
  growth { newUsersLastWeek }
  content { popularFeeds { title subscriberCount } weakSignals { title subscriberCount sharesLastWeek commentsLastWeek } brokenFeeds { title error } }
  webAnalytics { dashboardUrl }
} }`;
const EMAIL_STATUS = `{ adminEmailStatus { configured provider fromEmail } }`;
const SEND = `mutation Send($to: String!) { sendTestEmail(to: $to) {
  __typename ... on SendTestEmailPayload { message } ... on Error { message } } }`;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('admin figures over GraphQL', () => {
  it('answers adminStats', async () => {
    const { body } = await graphql(STATS, {}, seeded.admin.token);
    expect(body.errors).toBeUndefined();
    expect(body.data.adminStats).toMatchObject({ totalUsers: 5, activeUsers: 3, totalFeeds: 3, brokenFeeds: 1, totalArticles: 3 });
    expect(body.data.adminStats.popularFeeds[0]).toEqual({
      feedId: globalId('Feed', seeded.popular.id),
      title: 'Popular',
      url: seeded.popular.url,
      subscriberCount: 3,
    });
    expect(body.data.adminStats.recentUsers.map((user: { userId: string }) => user.userId)).toEqual(
      [seeded.admin, seeded.ada, seeded.bea, seeded.cy].map(({ user }) => globalId('User', user.id)),
    );
  });

  it('answers adminInsights', async () => {
    const { body } = await graphql(INSIGHTS, {}, seeded.admin.token);
    expect(body.data.adminInsights).toEqual({
      instance: { totalUsers: 5, activeUsers7d: 3, activeUsers30d: 4, totalFeeds: 3, brokenFeeds: 1, totalArticles: 3 },
      engagement: { totalShares: 2, sharesLastWeek: 1, totalComments: 2, commentsLastWeek: 2 },
      growth: { newUsersLastWeek: 3 },
      content: {
        popularFeeds: [
          { title: 'Popular', subscriberCount: 3 },
          { title: 'Niche', subscriberCount: 1 },
        ],
        weakSignals: [{ title: 'Niche', subscriberCount: 1, sharesLastWeek: 1, commentsLastWeek: 1 }],
        brokenFeeds: [{ title: 'Broken', error: 'HTTP 500 Internal Server Error' }],
      },
      webAnalytics: null,
    });
  });

  it('answers adminEmailStatus and sends a test e-mail', async () => {
    expect((await graphql(EMAIL_STATUS, {}, seeded.admin.token)).body.data.adminEmailStatus).toEqual({
      configured: true,
      provider: 'postmark',
      fromEmail: 'tidings@example.org',
    });
    expect((await graphql(SEND, { to: 'ada@example.com' }, seeded.admin.token)).body.data.sendTestEmail).toEqual({
      __typename: 'SendTestEmailPayload',
      message: 'Test email sent to ada@example.com',
    });
    expect((await graphql(SEND, { to: '' }, seeded.admin.token)).body.data.sendTestEmail).toEqual({
      __typename: 'InvalidInputError',
      message: 'Please enter an email address',
    });
    postmark.state.refuse = { status: 401, code: 10, message: 'The Server Token you provided was invalid.' };
    try {
      expect((await graphql(SEND, { to: 'ada@example.com' }, seeded.admin.token)).body.data.sendTestEmail).toEqual({
        __typename: 'UpstreamError',
        message: 'Postmark did not send the email: The Server Token you provided was invalid.',
      });
    } finally {
      postmark.state.refuse = null;
    }
  });
});

describe('who may ask', () => {
  it.each([
    ['adminStats', STATS],
    ['adminInsights', INSIGHTS],
    ['adminEmailStatus', EMAIL_STATUS],
  ])('%s refuses an anonymous caller, a non-administrator and an administrator’s API token', async (_name, query) => {
    const user = await signUp(services);
    const apiToken = (await server.rest('POST', '/tokens', { token: seeded.admin.token, body: { name: 'App' } })).body.token;
    const codes = async (token?: string) => (await graphql(query, {}, token)).body.errors?.map((error) => error.extensions?.code);
    expect(await codes()).toEqual(['UnauthenticatedError']);
    expect(await codes(user.token)).toEqual(['ForbiddenError']);
    expect(await codes(apiToken)).toEqual(['ForbiddenError']);
  });

  it('sendTestEmail refuses them with an error result and sends nothing', async () => {
    const user = await signUp(services);
    const before = postmark.received.length;
    const answer = async (token?: string) => (await graphql(SEND, { to: 'ada@example.com' }, token)).body.data.sendTestEmail.__typename;
    expect(await answer()).toBe('UnauthenticatedError');
    expect(await answer(user.token)).toBe('ForbiddenError');
    expect(postmark.received).toHaveLength(before);
  });
});
