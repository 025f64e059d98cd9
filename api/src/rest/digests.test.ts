import { describe, expect, it } from 'vitest';
import { follow, newFeed, publish } from '../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { generateDigest } from '../domain/digests/generateDigest.ts';

const server = await startTestServer();
const { services, rest } = server;

const DEFAULTS = { enabled: true, digestType: 'personal', emailDigests: true };

describe('GET /api/digests/preferences', () => {
  it('answers the three preferences at the top level: on, personal, e-mailed for a new account', async () => {
    const { token } = await signUp(services);
    expect(await rest('GET', '/digests/preferences', { token })).toEqual(expect.objectContaining({ status: 200, body: DEFAULTS }));
  });

  it('refuses a signed-out caller', async () => {
    expect((await rest('GET', '/digests/preferences')).status).toBe(401);
  });
});

describe('PUT /api/digests/preferences', () => {
  it('changes only what is given and answers all three', async () => {
    const { token } = await signUp(services);
    expect((await rest('PUT', '/digests/preferences', { token, body: { digestType: 'instance' } })).body).toEqual({
      ...DEFAULTS,
      digestType: 'instance',
    });
    expect((await rest('PUT', '/digests/preferences', { token, body: { enabled: false, emailDigests: false } })).body).toEqual({
      enabled: false,
      digestType: 'instance',
      emailDigests: false,
    });
    expect((await rest('GET', '/digests/preferences', { token })).body).toEqual({
      enabled: false,
      digestType: 'instance',
      emailDigests: false,
    });
  });

  it('accepts an empty object or no body at all, changing nothing', async () => {
    const { token } = await signUp(services);
    expect(await rest('PUT', '/digests/preferences', { token, body: {} })).toMatchObject({ status: 200, body: DEFAULTS });
    expect(await rest('PUT', '/digests/preferences', { token })).toMatchObject({ status: 200, body: DEFAULTS });
  });

  it.each([
    [{ digestType: 'community' }, "digestType must be 'personal' or 'instance'"],
    [{ digestType: null }, "digestType must be 'personal' or 'instance'"],
    [{ enabled: 'false' }, 'enabled must be true or false'],
    [{ emailDigests: 1 }, 'emailDigests must be true or false'],
    [{ enabled: false, digestType: 'weekly' }, "digestType must be 'personal' or 'instance'"],
    [{ enabeld: false }, 'Unknown preference: enabeld'],
    [[true], 'The request body must be a JSON object'],
    ['"on"', 'The request body must be a JSON object'],
  ])('refuses %j with 400 and changes nothing', async (body, error) => {
    const { token } = await signUp(services);
    expect(await rest('PUT', '/digests/preferences', { token, body })).toMatchObject({ status: 400, body: { error } });
    expect((await rest('GET', '/digests/preferences', { token })).body).toEqual(DEFAULTS);
  });

  it('refuses malformed JSON', async () => {
    const { token } = await signUp(services);
    expect(await rest('PUT', '/digests/preferences', { token, body: '{"enabled":' })).toMatchObject({
      status: 400,
      body: { error: 'The request body is not valid JSON' },
    });
  });
});

/** A signed-up user who meets the first-digest requirements (3 feeds, 2 shares, 1 like). */
async function readyForFirstDigest() {
  const { user, token } = await signUp(services);
  const feeds = await Promise.all([1, 2, 3].map(() => newFeed(services)));
  for (const feed of feeds) await follow(services, user.id, feed.id);
  const [article, second] = await publish(services, feeds[0]!.id, [
    { publishedAt: new Date(), title: 'A first read' },
    { publishedAt: new Date(), title: 'A second read' },
  ]);
  for (const shared of [article!, second!]) await services.db.share.create({ data: { userId: user.id, articleId: shared.id } });
  await services.db.likedArticle.upsert({
    where: { userId_articleId: { userId: user.id, articleId: article!.id } },
    create: { userId: user.id, articleId: article!.id, feedId: article!.feedId, publishedAt: article!.publishedAt },
    update: {},
  });
  return { user, token };
}

describe('the first digest', () => {
  it('reports the requirements, refuses to generate before they are met (400) and generates once (201)', async () => {
    const { token } = await signUp(services);
    expect(await rest('GET', '/digests/first-digest-status', { token })).toMatchObject({
      status: 200,
      body: {
        hasDigests: false,
        canGenerate: false,
        requirements: { feeds: { met: false, current: 0, required: 3 }, shares: { required: 2 }, likes: { required: 1 } },
      },
    });
    expect(await rest('POST', '/digests/generate-first', { token })).toMatchObject({
      status: 400,
      body: { error: 'Subscribe to 3 feeds, share 2 articles and like 1 article first' },
    });
    expect((await rest('GET', '/digests', { token })).body).toEqual({ digests: [], total: 0, hasMore: false });

    const ready = await readyForFirstDigest();
    expect((await rest('GET', '/digests/first-digest-status', { token: ready.token })).body).toMatchObject({ canGenerate: true });
    const created = await rest('POST', '/digests/generate-first', { token: ready.token });
    expect(created).toMatchObject({ status: 201, body: { digest: { id: expect.any(String), type: 'personal' } } });
    expect(JSON.parse(created.body.digest.metadata)).toMatchObject({ likes: 1, shares: 2 });
    expect((await rest('GET', '/digests/first-digest-status', { token: ready.token })).body).toMatchObject({
      hasDigests: true,
      canGenerate: false,
    });
    expect(await rest('POST', '/digests/generate-first', { token: ready.token })).toMatchObject({
      status: 400,
      body: { error: 'You already have a digest; the next one comes on Sunday' },
    });
  });
});

describe('GET, DELETE /api/digests and /api/digests/{id}', () => {
  it("lists with limit and offset, reads and deletes one's own, and answers 404 for another user's", async () => {
    const owner = await signUp(services);
    const other = await signUp(services);
    const ids: string[] = [];
    for (const week of ['2026-11-08', '2026-11-15', '2026-11-22']) {
      ids.push((await generateDigest(services, { userId: owner.user.id, end: new Date(), week, deliver: false }))!.id);
    }
    const page = await rest('GET', '/digests?limit=2&offset=0', { token: owner.token });
    expect(page.body).toMatchObject({ total: 3, hasMore: true });
    expect(page.body.digests.map((digest: { id: string }) => digest.id)).toEqual([ids[2], ids[1]]);
    expect(Object.keys(page.body.digests[0]).sort()).toEqual(
      ['content', 'createdAt', 'endDate', 'id', 'metadata', 'startDate', 'summary', 'title', 'type'].sort(),
    );
    expect(await rest('GET', '/digests?limit=500', { token: owner.token })).toMatchObject({
      status: 400,
      body: { error: 'limit must be at most 100' },
    });

    expect(await rest('GET', `/digests/${ids[0]}`, { token: owner.token })).toMatchObject({ status: 200, body: { id: ids[0] } });
    expect(await rest('GET', `/digests/${ids[0]}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'Digest not found' },
    });
    expect(await rest('DELETE', `/digests/${ids[0]}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { error: 'Digest not found' },
    });
    expect((await rest('GET', '/digests/not-a-digest', { token: owner.token })).status).toBe(404);
    expect((await rest('DELETE', `/digests/${ids[0]}`, { token: owner.token })).status).toBe(204);
    expect((await rest('GET', `/digests/${ids[0]}`, { token: owner.token })).status).toBe(404);
    expect((await rest('GET', '/digests', { token: owner.token })).body.total).toBe(2);
  });

  it('refuses a signed-out caller on every digest call', async () => {
    for (const [method, path] of [
      ['GET', '/digests'],
      ['GET', '/digests/first-digest-status'],
      ['POST', '/digests/generate-first'],
      ['GET', '/digests/00000000-0000-7000-8000-000000000000'],
      ['DELETE', '/digests/00000000-0000-7000-8000-000000000000'],
    ] as const) {
      expect((await rest(method, path)).status).toBe(401);
    }
  });
});
