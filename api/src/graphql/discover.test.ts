import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';

const BULK = `mutation ($feedUrls: [String!]!) {
  bulkSubscribe(feedUrls: $feedUrls) {
    __typename
    ... on BulkSubscribePayload { jobId summary { subscribed skipped errors failures { url error } } }
    ... on Error { message }
  }
}`;

describe('GraphQL discover', async () => {
  const feeds = await startFeedServer();
  const { services, graphql } = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const ada = await signUp(services);
  const bob = await signUp(services);

  it('bulk-subscribes and reports the summary, and refuses an empty selection', async () => {
    const done = await graphql(BULK, { feedUrls: [feeds.url('/feed'), 'nope://x'] }, ada.token);
    expect(done.body.data.bulkSubscribe).toEqual({
      __typename: 'BulkSubscribePayload',
      jobId: null,
      summary: { subscribed: 1, skipped: 0, errors: 1, failures: [{ url: 'nope://x', error: 'Please enter a valid http(s) URL' }] },
    });
    const empty = await graphql(BULK, { feedUrls: [] }, ada.token);
    expect(empty.body.data.bulkSubscribe).toEqual({ __typename: 'InvalidInputError', message: 'No feeds selected' });
  });

  it('answers a job id above ten feeds, whose progress only its owner reads', async () => {
    const urls = Array.from({ length: 11 }, (_unused, index) => feeds.url(`/feed?n=${index}`));
    const queued = await graphql(BULK, { feedUrls: urls }, ada.token);
    const { jobId } = queued.body.data.bulkSubscribe;
    expect(jobId).toEqual(expect.any(String));
    const JOB = `query ($jobId: ID!) { bulkSubscribeJob(jobId: $jobId) {
      __typename ... on BulkSubscribeJob { done total subscribed } ... on Error { message } } }`;
    expect((await graphql(JOB, { jobId }, ada.token)).body.data.bulkSubscribeJob).toEqual({
      __typename: 'BulkSubscribeJob',
      done: false,
      total: 11,
      subscribed: 0,
    });
    expect((await graphql(JOB, { jobId }, bob.token)).body.data.bulkSubscribeJob).toEqual({
      __typename: 'NotFoundError',
      message: 'Bulk subscribe job not found',
    });
  });

  it('lists popular feeds and starter packs', async () => {
    const { body } = await graphql(
      `
        {
          popularFeeds {
            feedId
            url
            title
            subscriberCount
          }
          starterPacks {
            packId
            name
            icon
            feeds {
              url
              title
            }
          }
        }
      `,
      {},
      bob.token,
    );
    expect(body.data.popularFeeds).toEqual([
      { feedId: expect.any(String), url: feeds.url('/feed'), title: 'Fixture feed', subscriberCount: 1 },
    ]);
    expect(body.data.starterPacks.length).toBeGreaterThanOrEqual(8);
    const anonymous = await graphql(`
      {
        popularFeeds {
          url
        }
      }
    `);
    expect(anonymous.body.errors?.[0]?.message).toBeDefined();
  });
});
