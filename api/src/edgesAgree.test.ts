import { describe, expect, it } from 'vitest';
import { newArticle, newPerson, rawId, type Person } from '../test/socialFixtures.ts';
import { subscribeToNewFeed } from '../test/feedFixtures.ts';
import { startTestServer } from '../test/server.ts';
import { createFolder } from './domain/subscriptions/folders.ts';
import { createInviteCode } from './domain/accounts/invites.ts';
import { createComment } from './domain/social/comments.ts';
import { follow } from './domain/social/follows.ts';
import { shareArticle } from './domain/social/shares.ts';

// One read path: every list that GraphQL and REST both serve must answer the same rows in the same order for
// the same viewer. GraphQL is walked a few rows a page, so the keyset cursors are exercised on the way.
describe('REST and GraphQL agree', async () => {
  const server = await startTestServer();
  const { services, graphql, rest } = server;

  const ada = await newPerson(services, { username: 'agree_ada' });
  const people: Person[] = [];
  for (const [index, displayName] of ['Zed', null, 'beth', 'Agree Ann', null].entries()) {
    people.push(await newPerson(services, { username: `agree_p${index}`, displayName }));
  }
  for (const person of people) {
    await follow(services, ada.viewer, person.id);
    await follow(services, person.viewer, ada.id);
  }
  // Three follows at the same instant: the order falls back to the user's id, on both edges and across pages.
  const sameInstant = new Date('2026-01-01T00:00:00Z');
  await services.db.follow.updateMany({
    where: { followerId: ada.id, followingId: { in: people.slice(0, 3).map((p) => p.id) } },
    data: { createdAt: sameInstant },
  });
  await services.db.follow.updateMany({
    where: { followingId: ada.id, followerId: { in: people.slice(2, 5).map((p) => p.id) } },
    data: { createdAt: sameInstant },
  });

  const article = await newArticle(services);
  for (const [index, person] of [ada, ...people].entries()) {
    await createComment(services, person.viewer, { articleId: article.id, content: `comment ${index}` });
    await shareArticle(services, person.viewer, { articleId: article.id, note: `note ${index}` });
    await shareArticle(services, person.viewer, { articleId: (await newArticle(services)).id });
  }
  await services.db.comment.updateMany({
    where: { articleId: article.id, userId: { in: people.slice(1, 4).map((p) => p.id) } },
    data: { createdAt: sameInstant },
  });

  const science = await createFolder(services, ada.viewer, { name: 'Science' });
  const arts = await createFolder(services, ada.viewer, { name: 'Arts' });
  for (const folderId of [science.id, null, arts.id, science.id, null]) await subscribeToNewFeed(services, ada.id, { folderId });
  for (let count = 0; count < 3; count += 1) await createInviteCode(services, ada.viewer);

  /** Every node id of the GraphQL connection `field` (with `$PAGE` where its paging arguments go), two per page, as raw ids. */
  async function walk(field: string, selection = 'id'): Promise<string[]> {
    const ids: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 50; pages += 1) {
      const closing = '}'.repeat((field.match(/\{/g) ?? []).length);
      const query = `query($after: String) { ${field.replace('$PAGE', 'first: 2, after: $after')} { edges { node { ${selection} } } pageInfo { hasNextPage endCursor } } ${closing} }`;
      const { body } = await graphql(query, { after }, ada.token);
      expect(body.errors).toBeUndefined();
      let connection = body.data;
      while (!('edges' in connection)) connection = Object.values(connection)[0];
      ids.push(...connection.edges.map((edge: { node: { id: string } }) => rawId(edge.node.id)));
      if (!connection.pageInfo.hasNextPage) return ids;
      after = connection.pageInfo.endCursor;
    }
    throw new Error(`${field} did not end`);
  }

  async function restIds(path: string, key: string): Promise<string[]> {
    const { status, body } = await rest('GET', path, { token: ada.token });
    expect(status).toBe(200);
    return body[key].map((row: { id: string }) => row.id);
  }

  it('following: newest follow first', async () => {
    const viaRest = await restIds('/social/following', 'users');
    expect(viaRest).toHaveLength(people.length);
    // The follows not moved back to `sameInstant` are the newest, the last made first.
    expect(viaRest.slice(0, 2)).toEqual([people[4]!.id, people[3]!.id]);
    expect(await walk('following($PAGE)')).toEqual(viaRest);
  });

  it('followers: newest follow first', async () => {
    const viaRest = await restIds('/social/followers', 'users');
    expect(viaRest).toHaveLength(people.length);
    expect(await walk('followers($PAGE)')).toEqual(viaRest);
  });

  it('users directory: by name', async () => {
    const viaRest = await restIds('/social/users', 'users');
    expect(viaRest).toEqual(expect.arrayContaining(people.map((person) => person.id)));
    expect(await walk('users($PAGE)')).toEqual(viaRest);
  });

  it('user search', async () => {
    const viaRest = await restIds('/social/users/search?q=agree&limit=20', 'users');
    expect(viaRest).toHaveLength(people.length);
    const { body } = await graphql('{ searchUsers(query: "agree", limit: 20) { id } }', {}, ada.token);
    expect(body.data.searchUsers.map((user: { id: string }) => rawId(user.id))).toEqual(viaRest);
  });

  it('folders, their subscriptions and the subscriptions in none', async () => {
    const { body: tree } = await rest('GET', '/folders', { token: ada.token });
    const { body } = await graphql('{ folders { id subscriptions { id } } rootSubscriptions { id } }', {}, ada.token);
    const viaGraphql = body.data.folders.map((folder: { id: string; subscriptions: { id: string }[] }) => ({
      id: rawId(folder.id),
      subscriptions: folder.subscriptions.map((subscription) => rawId(subscription.id)),
    }));
    const viaRest = tree.folders.map((folder: { id: string; subscriptions: { id: string }[] }) => ({
      id: folder.id,
      subscriptions: folder.subscriptions.map((subscription) => subscription.id),
    }));
    expect(viaRest.map((folder: { id: string }) => folder.id)).toEqual([arts.id, science.id]);
    expect(viaGraphql).toEqual(viaRest);
    expect(body.data.rootSubscriptions.map((subscription: { id: string }) => rawId(subscription.id))).toEqual(
      tree.rootFeeds.map((subscription: { id: string }) => subscription.id),
    );
  });

  it('subscriptions: oldest first', async () => {
    const viaRest = await restIds('/feeds', 'feeds');
    expect(viaRest).toHaveLength(5);
    const { body } = await graphql('{ feedSubscriptions { id } }', {}, ada.token);
    expect(body.data.feedSubscriptions.map((subscription: { id: string }) => rawId(subscription.id))).toEqual(viaRest);
  });

  it("an article's comments: newest first", async () => {
    const viaRest = await restIds(`/comments/article/${article.id}`, 'comments');
    expect(viaRest).toHaveLength(people.length + 1);
    const articleId = Buffer.from(`Article:${article.id}`).toString('base64');
    expect(await walk(`article(id: "${articleId}") { comments($PAGE)`)).toEqual(viaRest);
  });

  it('the Shared list and a user’s shares: newest first', async () => {
    const pages = async (path: string) => {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const { body } = await rest('GET', `${path}?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { token: ada.token });
        ids.push(...body.shares.map((share: { id: string }) => share.id));
        cursor = body.nextCursor;
      } while (cursor);
      return ids;
    };
    const shared = await pages('/social/shares');
    expect(shared).toHaveLength(2 * (people.length + 1));
    expect(await walk('shares($PAGE)')).toEqual(shared);
    const userId = Buffer.from(`User:${people[0]!.id}`).toString('base64');
    expect(await walk(`userShares(userId: "${userId}", $PAGE)`)).toEqual(await pages(`/social/users/${people[0]!.id}/shares`));
  });

  it('notifications: newest first', async () => {
    const ids: string[] = [];
    let before: string | undefined;
    for (;;) {
      const { body } = await rest('GET', `/notifications?limit=3${before ? `&before=${before}` : ''}`, { token: ada.token });
      ids.push(...body.notifications.map((notification: { id: string }) => notification.id));
      if (!body.hasMore) break;
      before = ids.at(-1);
    }
    expect(ids.length).toBeGreaterThan(people.length);
    expect(await walk('notifications($PAGE)')).toEqual(ids);
  });

  it('invite codes: newest first', async () => {
    const viaRest = await restIds('/invites', 'inviteCodes');
    expect(viaRest).toHaveLength(3);
    expect(await walk('inviteCodes($PAGE)')).toEqual(viaRest);
  });
});
