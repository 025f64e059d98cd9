import { describe, expect, it } from 'vitest';
import { follow, newFeed, publish } from '../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { generateDigest } from '../domain/digests/generateDigest.ts';

/** Digests through the real Yoga server at /graphql. */
const { services, graphql } = await startTestServer();

const DIGESTS = `query Digests($first: Int, $after: String) {
  digests(first: $first, after: $after) { edges { cursor node { id type title summary content metadata startDate endDate createdAt } } pageInfo { hasNextPage endCursor } }
}`;
const NODE = `query Node($id: ID!) { node(id: $id) { ... on Digest { id summary } } }`;
const DELETE = `mutation Delete($id: ID!) { deleteDigest(id: $id) { __typename ... on DeleteDigestPayload { deletedDigestId } ... on Error { message } } }`;
const STATUS = `{ firstDigestStatus { hasDigests canGenerate requirements { feeds { met current required } shares { met current required } likes { met current required } } } }`;
const GENERATE = `mutation { generateFirstDigest { __typename ... on Digest { id type } ... on Error { message } } }`;

async function digestsOf(userId: string, weeks: string[]) {
  const ids = [];
  for (const week of weeks) ids.push((await generateDigest(services, { userId, end: new Date(), week, deliver: false }))!.id);
  return ids;
}

describe('digests', () => {
  it("pages the viewer's digests as a connection, and no one else sees or deletes them", async () => {
    const owner = await signUp(services);
    const other = await signUp(services);
    await digestsOf(owner.user.id, ['2026-11-08', '2026-11-15', '2026-11-22']);
    const first = (await graphql(DIGESTS, { first: 2 }, owner.token)).body.data.digests;
    expect(first.edges).toHaveLength(2);
    expect(first.pageInfo).toEqual({ hasNextPage: true, endCursor: '2' });
    expect(JSON.parse(first.edges[0].node.metadata)).toMatchObject({ reads: 0, likes: 0, shares: 0, starred: 0 });
    const second = (await graphql(DIGESTS, { first: 2, after: '2' }, owner.token)).body.data.digests;
    expect(second.edges).toHaveLength(1);
    expect(second.pageInfo.hasNextPage).toBe(false);
    expect((await graphql(DIGESTS, {}, other.token)).body.data.digests.edges).toEqual([]);

    const id = first.edges[0].node.id;
    expect((await graphql(NODE, { id }, owner.token)).body.data.node).toMatchObject({ id });
    expect((await graphql(NODE, { id }, other.token)).body.data.node).toBeNull();
    expect((await graphql(DELETE, { id }, other.token)).body.data.deleteDigest).toEqual({
      __typename: 'NotFoundError',
      message: 'Digest not found',
    });
    expect((await graphql(DELETE, { id }, owner.token)).body.data.deleteDigest).toEqual({
      __typename: 'DeleteDigestPayload',
      deletedDigestId: id,
    });
    expect((await graphql(NODE, { id }, owner.token)).body.data.node).toBeNull();
  });

  it('answers the first-digest status and generates the first digest only when allowed', async () => {
    const { user, token } = await signUp(services);
    expect((await graphql(GENERATE, {}, token)).body.data.generateFirstDigest).toEqual({
      __typename: 'InvalidInputError',
      message: 'Subscribe to 3 feeds, share 2 articles and like 1 article first',
    });
    const feeds = await Promise.all([1, 2, 3].map(() => newFeed(services)));
    for (const feed of feeds) await follow(services, user.id, feed.id);
    const [article, second] = await publish(services, feeds[0]!.id, [{ publishedAt: new Date() }, { publishedAt: new Date() }]);
    for (const shared of [article!, second!]) await services.db.share.create({ data: { userId: user.id, articleId: shared.id } });
    await services.db.likedArticle.create({
      data: { userId: user.id, articleId: article!.id, feedId: article!.feedId, publishedAt: article!.publishedAt },
    });
    expect((await graphql(STATUS, {}, token)).body.data.firstDigestStatus).toEqual({
      hasDigests: false,
      canGenerate: true,
      requirements: {
        feeds: { met: true, current: 3, required: 3 },
        shares: { met: true, current: 2, required: 2 },
        likes: { met: true, current: 1, required: 1 },
      },
    });
    expect((await graphql(GENERATE, {}, token)).body.data.generateFirstDigest).toMatchObject({ __typename: 'Digest', type: 'personal' });
    expect((await graphql(STATUS, {}, token)).body.data.firstDigestStatus).toMatchObject({ hasDigests: true, canGenerate: false });
  });

  it('refuses a signed-out caller', async () => {
    expect((await graphql(DIGESTS, {})).body.errors).toBeDefined();
    expect((await graphql(STATUS, {})).body.errors).toBeDefined();
    expect((await graphql(GENERATE, {})).body.data?.generateFirstDigest ?? null).toBeNull();
  });
});
