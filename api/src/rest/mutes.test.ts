import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { newArticle, newPerson, socialNotificationsOf, type Person } from '../../test/socialFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { BOOKMARKLET_REFUSED } from '../domain/access/access.ts';

const server = await startTestServer();
const { services, rest, graphql } = server;
const MISSING = '0190a000-0000-7000-8000-000000000000';

const muteUser = (person: Person, other: { id: string }) => rest('POST', `/social/mute/${other.id}`, { token: person.token });
const unmuteUser = (person: Person, other: { id: string }) => rest('DELETE', `/social/mute/${other.id}`, { token: person.token });
const comment = (person: Person, articleId: string, content: string) =>
  rest('POST', '/comments', { token: person.token, body: { articleId, content } });
const share = (person: Person, articleId: string, note?: string) =>
  rest('POST', '/social/share', { token: person.token, body: { articleId, note, isPublic: true } });
const commentAuthors = async (person: Person, articleId: string) =>
  (await rest('GET', `/comments/article/${articleId}`, { token: person.token })).body.comments.map(
    (row: { user: { username: string } }) => row.user.username,
  );
const sharedListSharers = async (person: Person) =>
  (await rest('GET', '/social/shares', { token: person.token })).body.shares.map((row: { user: { id: string } }) => row.user.id);
const articleCounts = async (person: Person, articleId: string) =>
  (await rest('GET', `/articles/${articleId}`, { token: person.token })).body.article._count as { comments: number; shares: number };
const articleSharers = async (person: Person, articleId: string) => {
  const { body } = await graphql(
    'query($id: ID!) { article(id: $id) { shares(first: 20) { edges { node { user { id } } } } } }',
    { id: encodeGlobalID('Article', articleId) },
    person.token,
  );
  return body.data.article.shares.edges.map((edge: { node: { user: { id: string } } }) => edge.node.user.id);
};
const notificationTypes = async (person: Person) => (await socialNotificationsOf(services, person.id)).map((row) => row.type);

/** Ann, who mutes Bob; Cara, who reads the same things and mutes nobody. Ann and Cara follow Bob. */
async function threePeople() {
  const [ann, bob, cara] = await Promise.all([newPerson(services), newPerson(services), newPerson(services)]);
  for (const reader of [ann, cara]) await rest('POST', `/social/follow/${bob.id}`, { token: reader.token });
  return { ann, bob, cara };
}

describe('muting a person over REST', () => {
  it('answers 401 signed out', async () => {
    for (const method of ['POST', 'DELETE']) expect((await rest(method, `/social/mute/${MISSING}`)).status).toBe(401);
    expect((await rest('GET', '/social/mutes')).status).toBe(401);
  });

  it('mutes and unmutes idempotently, lists the mutes, and refuses yourself and unknown people', async () => {
    const { ann, bob, cara } = await threePeople();
    expect(await muteUser(ann, bob)).toMatchObject({ status: 200, body: { muted: true, user: { id: bob.id, username: bob.username } } });
    expect(await muteUser(ann, bob)).toMatchObject({ status: 200, body: { muted: true } });
    await muteUser(ann, cara);
    const listed = await rest('GET', '/social/mutes', { token: ann.token });
    expect(listed.body.users.map((user: { id: string }) => user.id)).toEqual([cara.id, bob.id]);
    expect((await rest('GET', '/social/mutes', { token: bob.token })).body.users).toEqual([]);

    expect(await unmuteUser(ann, bob)).toMatchObject({ status: 200, body: { muted: false, user: { id: bob.id } } });
    expect(await unmuteUser(ann, bob)).toMatchObject({ status: 200, body: { muted: false } });
    expect((await rest('GET', '/social/mutes', { token: ann.token })).body.users.map((user: { id: string }) => user.id)).toEqual([cara.id]);

    expect(await muteUser(ann, ann)).toMatchObject({ status: 400, body: { error: 'You cannot mute yourself' } });
    expect(await muteUser(ann, { id: MISSING })).toMatchObject({ status: 404, body: { error: 'User not found' } });
    expect(await unmuteUser(ann, { id: 'not-a-uuid' })).toMatchObject({ status: 404, body: { error: 'User not found' } });
  });

  it('hides the muted person’s comments from the muter only, until unmuted', async () => {
    const { ann, bob, cara } = await threePeople();
    const article = await newArticle(services);
    await comment(bob, article.id, 'Bob was here');
    await comment(cara, article.id, 'Cara too');
    await muteUser(ann, bob);

    expect(await commentAuthors(ann, article.id)).toEqual([cara.username]);
    expect(await commentAuthors(cara, article.id)).toEqual([cara.username, bob.username]);
    expect(await commentAuthors(bob, article.id)).toEqual([cara.username, bob.username]);
    // The comment count stays everyone's.
    expect((await articleCounts(ann, article.id)).comments).toBe(2);

    await unmuteUser(ann, bob);
    expect(await commentAuthors(ann, article.id)).toEqual([cara.username, bob.username]);
  });

  it('hides the muted person’s shares from the muter’s Shared list, the article’s shares and its share count', async () => {
    const { ann, bob, cara } = await threePeople();
    const article = await newArticle(services);
    await share(bob, article.id, 'Worth it');
    await muteUser(ann, bob);

    expect(await sharedListSharers(ann)).not.toContain(bob.id);
    expect(await sharedListSharers(cara)).toContain(bob.id);
    expect(await articleSharers(ann, article.id)).toEqual([]);
    expect(await articleSharers(cara, article.id)).toEqual([encodeGlobalID('User', bob.id)]);
    expect((await articleCounts(ann, article.id)).shares).toBe(0);
    expect((await articleCounts(cara, article.id)).shares).toBe(1);

    await unmuteUser(ann, bob);
    expect(await sharedListSharers(ann)).toContain(bob.id);
    expect(await articleSharers(ann, article.id)).toEqual([encodeGlobalID('User', bob.id)]);
  });

  it('takes what the muted person commented on or shared out of the muter’s Circle view', async () => {
    const { ann, bob, cara } = await threePeople();
    const article = await newArticle(services);
    await comment(bob, article.id, 'Circle worthy');
    const circle = async (person: Person) =>
      (await rest('GET', '/articles?filter=circle', { token: person.token })).body.articles.map((row: { id: string }) => row.id);
    expect(await circle(ann)).toContain(article.id);
    await muteUser(ann, bob);
    expect(await circle(ann)).not.toContain(article.id);
    expect(await circle(cara)).toContain(article.id);
  });

  it('lets no mention, comment on a share or follow of the muted person notify the muter, and tells them nothing', async () => {
    const { ann, bob, cara } = await threePeople();
    const article = await newArticle(services);
    await share(ann, article.id);
    await share(cara, article.id);
    await muteUser(ann, bob);
    const bobBefore = await notificationTypes(bob);

    expect((await comment(bob, article.id, `Hello @${ann.username} and @${cara.username}`)).status).toBe(201);
    const other = await newArticle(services);
    expect((await share(bob, other.id, `For @${ann.username} and @${cara.username}`)).status).toBe(200);
    await rest('POST', `/social/follow/${ann.id}`, { token: bob.token });

    expect(await notificationTypes(ann)).toEqual([]);
    expect(await notificationTypes(cara)).toEqual(['comment_mention', 'share_mention']);
    // Bob is not told: nothing new reaches him, and Ann reads to him as before.
    expect(await notificationTypes(bob)).toEqual(bobBefore);
    const { body } = await graphql('query($id: ID!) { user(id: $id) { isMuted } }', { id: encodeGlobalID('User', ann.id) }, bob.token);
    expect(body.data.user.isMuted).toBe(false);

    await unmuteUser(ann, bob);
    await comment(bob, article.id, `Again, @${ann.username}`);
    expect(await notificationTypes(ann)).toEqual(['comment_mention']);
  });

  it('is allowed with an API token and refused to a bookmarklet token', async () => {
    const { ann, bob } = await threePeople();
    const make = async (body: Record<string, unknown>) => (await rest('POST', '/tokens', { token: ann.token, body })).body.token as string;
    const apiToken = await make({ name: 'Reader app' });
    const bookmarklet = await make({ name: 'Bookmarklet', scope: 'bookmarklet' });

    const refused = await rest('POST', `/social/mute/${bob.id}`, { token: bookmarklet });
    expect(refused).toMatchObject({ status: 403, body: { error: BOOKMARKLET_REFUSED } });
    const mutation = `mutation($id: ID!) { muteUser(userId: $id) { __typename ... on Error { message } } }`;
    const { body } = await graphql(mutation, { id: encodeGlobalID('User', bob.id) }, bookmarklet);
    expect(body.errors?.[0]?.message).toBe(BOOKMARKLET_REFUSED);
    expect(await services.db.mute.count({ where: { muterId: ann.id } })).toBe(0);

    expect((await rest('POST', `/social/mute/${bob.id}`, { token: apiToken })).status).toBe(200);
    expect(await services.db.mute.count({ where: { muterId: ann.id } })).toBe(1);
  });
});

describe('muting a person over GraphQL', () => {
  const MUTATION = (name: string) =>
    `mutation($id: ID!) { ${name}(userId: $id) { __typename ... on User { id isMuted } ... on Error { message } } }`;

  it('mutes, tells the muter through User.isMuted and the mutes list, and unmutes', async () => {
    const { ann, bob } = await threePeople();
    const id = encodeGlobalID('User', bob.id);
    const muted = await graphql(MUTATION('muteUser'), { id }, ann.token);
    expect(muted.body.errors).toBeUndefined();
    expect(muted.body.data.muteUser).toEqual({ __typename: 'User', id, isMuted: true });

    const read = await graphql(
      'query($id: ID!, $me: ID!) { user(id: $id) { isMuted } me: user(id: $me) { isMuted } mutes(first: 10) { edges { node { id } } } }',
      { id, me: encodeGlobalID('User', ann.id) },
      ann.token,
    );
    expect(read.body.data).toEqual({ user: { isMuted: true }, me: { isMuted: null }, mutes: { edges: [{ node: { id } }] } });

    const unmuted = await graphql(MUTATION('unmuteUser'), { id }, ann.token);
    expect(unmuted.body.data.unmuteUser).toEqual({ __typename: 'User', id, isMuted: false });
    expect(await services.db.mute.count({ where: { muterId: ann.id } })).toBe(0);

    const yourself = await graphql(MUTATION('muteUser'), { id: encodeGlobalID('User', ann.id) }, ann.token);
    expect(yourself.body.data.muteUser).toMatchObject({ message: 'You cannot mute yourself' });
  });
});
