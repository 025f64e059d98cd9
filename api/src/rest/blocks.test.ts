import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { newArticle, newPerson, socialNotificationsOf, type Person } from '../../test/socialFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { BOOKMARKLET_REFUSED } from '../domain/access/access.ts';
import { FOLLOW_REFUSED } from '../domain/social/follows.ts';

const server = await startTestServer();
const { services, rest, graphql } = server;
const MISSING = '0190a000-0000-7000-8000-000000000000';

const blockUser = (person: Person, other: { id: string }) => rest('POST', `/social/block/${other.id}`, { token: person.token });
const unblockUser = (person: Person, other: { id: string }) => rest('DELETE', `/social/block/${other.id}`, { token: person.token });
const muteUser = (person: Person, other: { id: string }) => rest('POST', `/social/mute/${other.id}`, { token: person.token });
const unmuteUser = (person: Person, other: { id: string }) => rest('DELETE', `/social/mute/${other.id}`, { token: person.token });
const followUser = (person: Person, other: { id: string }) => rest('POST', `/social/follow/${other.id}`, { token: person.token });
const comment = (person: Person, articleId: string, content: string) =>
  rest('POST', '/comments', { token: person.token, body: { articleId, content } });
const share = (person: Person, articleId: string, note?: string) =>
  rest('POST', '/social/share', { token: person.token, body: { articleId, note, isPublic: true } });
const ids = (users: { id: string }[]) => users.map((user) => user.id);
const followerIds = async (person: Person) => ids((await rest('GET', '/social/followers', { token: person.token })).body.users);
const followingIds = async (person: Person) => ids((await rest('GET', '/social/following', { token: person.token })).body.users);
const blockedIds = async (person: Person) => ids((await rest('GET', '/social/blocks', { token: person.token })).body.users);
const mutedIds = async (person: Person) => ids((await rest('GET', '/social/mutes', { token: person.token })).body.users);
const commentAuthors = async (person: Person, articleId: string) =>
  (await rest('GET', `/comments/article/${articleId}`, { token: person.token })).body.comments.map(
    (row: { user: { username: string } }) => row.user.username,
  );
const sharedListSharers = async (person: Person) =>
  (await rest('GET', '/social/shares', { token: person.token })).body.shares.map((row: { user: { id: string } }) => row.user.id);
const shareCount = async (person: Person, articleId: string) =>
  (await rest('GET', `/articles/${articleId}`, { token: person.token })).body.article._count.shares as number;
const circle = async (person: Person) =>
  (await rest('GET', '/articles?filter=circle', { token: person.token })).body.articles.map((row: { id: string }) => row.id);
const notificationTypes = async (person: Person) => (await socialNotificationsOf(services, person.id)).map((row) => row.type);

/** Ann, who will block Bob; Bob, who follows Ann; Cara, who follows Bob and Ann and blocks nobody. Ann follows Bob. */
async function threePeople() {
  const [ann, bob, cara] = await Promise.all([newPerson(services), newPerson(services), newPerson(services)]);
  await followUser(ann, bob);
  await followUser(bob, ann);
  await followUser(cara, bob);
  await followUser(cara, ann);
  return { ann, bob, cara };
}

describe('blocking a person over REST', () => {
  it('answers 401 signed out', async () => {
    for (const method of ['POST', 'DELETE']) expect((await rest(method, `/social/block/${MISSING}`)).status).toBe(401);
    expect((await rest('GET', '/social/blocks')).status).toBe(401);
  });

  it('blocks and unblocks idempotently, lists the blocks, and refuses yourself and unknown people', async () => {
    const { ann, bob, cara } = await threePeople();
    expect(await blockUser(ann, bob)).toMatchObject({ status: 200, body: { blocked: true, user: { id: bob.id, username: bob.username } } });
    const first = await services.db.mute.findUniqueOrThrow({ where: { muterId_mutedId: { muterId: ann.id, mutedId: bob.id } } });
    expect(await blockUser(ann, bob)).toMatchObject({ status: 200, body: { blocked: true } });
    // Blocking again keeps the first block's time (and so its place in the list).
    const again = await services.db.mute.findUniqueOrThrow({ where: { muterId_mutedId: { muterId: ann.id, mutedId: bob.id } } });
    expect(again.blockedAt).toEqual(first.blockedAt);
    await blockUser(ann, cara);
    expect(await blockedIds(ann)).toEqual([cara.id, bob.id]);
    expect(await blockedIds(bob)).toEqual([]);
    // A block is no mute of the blocker's choosing: the mutes list leaves it out.
    expect(await mutedIds(ann)).toEqual([]);

    expect(await unblockUser(ann, bob)).toMatchObject({ status: 200, body: { blocked: false, user: { id: bob.id } } });
    expect(await unblockUser(ann, bob)).toMatchObject({ status: 200, body: { blocked: false } });
    expect(await blockedIds(ann)).toEqual([cara.id]);
    expect(await services.db.mute.count({ where: { muterId: ann.id, mutedId: bob.id } })).toBe(0);

    expect(await blockUser(ann, ann)).toMatchObject({ status: 400, body: { error: 'You cannot block yourself' } });
    expect(await unblockUser(ann, ann)).toMatchObject({ status: 400, body: { error: 'You cannot block yourself' } });
    expect(await blockUser(ann, { id: MISSING })).toMatchObject({ status: 404, body: { error: 'User not found' } });
    expect(await unblockUser(ann, { id: 'not-a-uuid' })).toMatchObject({ status: 404, body: { error: 'User not found' } });
  });

  it('ends the blocked person’s follow of the blocker, refuses a new one until unblocked, and restores none', async () => {
    const { ann, bob, cara } = await threePeople();
    expect(await followerIds(ann)).toContain(bob.id);
    await blockUser(ann, bob);

    expect(await followerIds(ann)).not.toContain(bob.id);
    expect(await followingIds(bob)).not.toContain(ann.id);
    // The blocker's own follow and everyone else's stay.
    expect(await followingIds(ann)).toContain(bob.id);
    expect(await followerIds(ann)).toContain(cara.id);

    const bobBefore = await notificationTypes(ann);
    expect(await followUser(bob, ann)).toMatchObject({ status: 403, body: { error: FOLLOW_REFUSED } });
    expect(await followerIds(ann)).not.toContain(bob.id);
    expect(await notificationTypes(ann)).toEqual(bobBefore);
    // Ann may still follow Bob, and Cara may follow Ann.
    expect((await followUser(ann, bob)).status).toBe(200);

    await unblockUser(ann, bob);
    expect(await followerIds(ann)).not.toContain(bob.id);
    expect((await followUser(bob, ann)).status).toBe(200);
    expect(await followerIds(ann)).toContain(bob.id);
  });

  it('hides the blocked person’s shares and comments from the blocker only, until unblocked', async () => {
    const { ann, bob, cara } = await threePeople();
    const article = await newArticle(services);
    await share(bob, article.id, 'Worth it');
    await comment(bob, article.id, 'Bob was here');
    await comment(cara, article.id, 'Cara too');
    expect(await circle(ann)).toContain(article.id);
    await blockUser(ann, bob);

    expect(await commentAuthors(ann, article.id)).toEqual([cara.username]);
    expect(await commentAuthors(cara, article.id)).toEqual([cara.username, bob.username]);
    expect(await sharedListSharers(ann)).not.toContain(bob.id);
    expect(await sharedListSharers(cara)).toContain(bob.id);
    expect(await shareCount(ann, article.id)).toBe(0);
    expect(await shareCount(cara, article.id)).toBe(1);
    expect(await circle(ann)).not.toContain(article.id);
    expect(await circle(cara)).toContain(article.id);

    await unblockUser(ann, bob);
    expect(await commentAuthors(ann, article.id)).toEqual([cara.username, bob.username]);
    expect(await sharedListSharers(ann)).toContain(bob.id);
    expect(await circle(ann)).toContain(article.id);
  });

  it('lets no mention or comment on a share by the blocked person notify the blocker, and tells them nothing', async () => {
    const { ann, bob, cara } = await threePeople();
    const article = await newArticle(services);
    await share(ann, article.id);
    await share(cara, article.id);
    const annBefore = await notificationTypes(ann);
    const caraBefore = await notificationTypes(cara);
    await blockUser(ann, bob);
    const bobBefore = await notificationTypes(bob);

    expect((await comment(bob, article.id, `Hello @${ann.username} and @${cara.username}`)).status).toBe(201);
    const other = await newArticle(services);
    expect((await share(bob, other.id, `For @${ann.username} and @${cara.username}`)).status).toBe(200);

    expect(await notificationTypes(ann)).toEqual(annBefore);
    expect(await notificationTypes(cara)).toEqual([...caraBefore, 'comment_mention', 'share_mention']);
    expect(await notificationTypes(bob)).toEqual(bobBefore);
    const { body } = await graphql(
      'query($id: ID!) { user(id: $id) { isMuted isBlocked } }',
      { id: encodeGlobalID('User', ann.id) },
      bob.token,
    );
    expect(body.data.user).toEqual({ isMuted: false, isBlocked: false });

    await unblockUser(ann, bob);
    await comment(bob, article.id, `Again, @${ann.username}`);
    expect((await notificationTypes(ann)).slice(annBefore.length)).toContain('comment_mention');
  });

  it('keeps a mute the blocker chose through a block and its end, and a block through an unmute', async () => {
    const { ann, bob } = await threePeople();
    const article = await newArticle(services);
    await comment(bob, article.id, 'Still here');

    await muteUser(ann, bob);
    await blockUser(ann, bob);
    await unblockUser(ann, bob);
    expect(await mutedIds(ann)).toEqual([bob.id]);
    expect(await commentAuthors(ann, article.id)).toEqual([]);
    await unmuteUser(ann, bob);
    expect(await commentAuthors(ann, article.id)).toEqual([bob.username]);

    await blockUser(ann, bob);
    await muteUser(ann, bob);
    await unmuteUser(ann, bob);
    expect(await blockedIds(ann)).toEqual([bob.id]);
    expect(await mutedIds(ann)).toEqual([]);
    expect(await commentAuthors(ann, article.id)).toEqual([]);
    expect(await followUser(bob, ann)).toMatchObject({ status: 403 });
  });

  it('is allowed with an API token and refused to a bookmarklet token', async () => {
    const { ann, bob } = await threePeople();
    const make = async (body: Record<string, unknown>) => (await rest('POST', '/tokens', { token: ann.token, body })).body.token as string;
    const apiToken = await make({ name: 'Reader app' });
    const bookmarklet = await make({ name: 'Bookmarklet', scope: 'bookmarklet' });

    for (const method of ['POST', 'DELETE']) {
      const refused = await rest(method, `/social/block/${bob.id}`, { token: bookmarklet });
      expect(refused).toMatchObject({ status: 403, body: { error: BOOKMARKLET_REFUSED } });
    }
    expect(await rest('GET', '/social/blocks', { token: bookmarklet })).toMatchObject({ status: 403 });
    const mutation = `mutation($id: ID!) { blockUser(userId: $id) { __typename ... on Error { message } } }`;
    const { body } = await graphql(mutation, { id: encodeGlobalID('User', bob.id) }, bookmarklet);
    expect(body.errors?.[0]?.message).toBe(BOOKMARKLET_REFUSED);
    expect(await services.db.mute.count({ where: { muterId: ann.id } })).toBe(0);
    expect(await followerIds(ann)).toContain(bob.id);

    expect((await rest('POST', `/social/block/${bob.id}`, { token: apiToken })).status).toBe(200);
    expect(await blockedIds(ann)).toEqual([bob.id]);
  });
});

describe('blocking a person over GraphQL', () => {
  const MUTATION = (name: string) =>
    `mutation($id: ID!) { ${name}(userId: $id) { __typename ... on User { id isBlocked isMuted } ... on Error { message } } }`;

  it('blocks, tells the blocker through User.isBlocked and the blocks list, and unblocks', async () => {
    const { ann, bob } = await threePeople();
    const id = encodeGlobalID('User', bob.id);
    const blocked = await graphql(MUTATION('blockUser'), { id }, ann.token);
    expect(blocked.body.errors).toBeUndefined();
    expect(blocked.body.data.blockUser).toEqual({ __typename: 'User', id, isBlocked: true, isMuted: false });
    expect(await followerIds(ann)).not.toContain(bob.id);

    const read = await graphql(
      'query($id: ID!, $me: ID!) { user(id: $id) { isBlocked } me: user(id: $me) { isBlocked } blocks(first: 10) { edges { node { id } } } }',
      { id, me: encodeGlobalID('User', ann.id) },
      ann.token,
    );
    expect(read.body.data).toEqual({ user: { isBlocked: true }, me: { isBlocked: null }, blocks: { edges: [{ node: { id } }] } });

    const refused = await graphql(
      'mutation($id: ID!) { follow(userId: $id) { __typename ... on Error { message } } }',
      { id: encodeGlobalID('User', ann.id) },
      bob.token,
    );
    expect(refused.body.data.follow).toEqual({ __typename: 'ForbiddenError', message: FOLLOW_REFUSED });

    const unblocked = await graphql(MUTATION('unblockUser'), { id }, ann.token);
    expect(unblocked.body.data.unblockUser).toEqual({ __typename: 'User', id, isBlocked: false, isMuted: false });
    expect(await services.db.mute.count({ where: { muterId: ann.id } })).toBe(0);

    const yourself = await graphql(MUTATION('blockUser'), { id: encodeGlobalID('User', ann.id) }, ann.token);
    expect(yourself.body.data.blockUser).toMatchObject({ message: 'You cannot block yourself' });
    const signedOut = await graphql(MUTATION('blockUser'), { id });
    expect(signedOut.body.errors?.[0]?.message).toBe('Authentication required');
  });
});
