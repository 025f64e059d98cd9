import { describe, expect, it, vi } from 'vitest';
import { subscribeToNewFeed } from '../../test/feedFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';

const CREATE = `mutation($name: String!) { createFolder(input: { name: $name }) { __typename ... on Folder { id name subscriptionCount } ... on Error { message } } }`;
const MOVE = `mutation($s: ID!, $f: ID!) { moveSubscriptionToFolder(subscriptionId: $s, folderId: $f) {
  __typename ... on FeedSubscription { id title folder { name } } ... on Error { message } } }`;
const TREE = `{ folders { name subscriptionCount subscriptions { title feed { url } } } rootSubscriptions { id title } }`;

describe('GraphQL folders and subscriptions', async () => {
  const server = await startTestServer();
  const ada = await signUp(server.services);
  const bob = await signUp(server.services);

  it('creates a folder, moves a subscription into it and lists the tree', async () => {
    const created = await server.graphql(CREATE, { name: 'Science' }, ada.token);
    expect(created.body.data.createFolder).toMatchObject({ __typename: 'Folder', name: 'Science', subscriptionCount: 0 });
    const subscription = await subscribeToNewFeed(server.services, ada.user.id, { title: 'Nature News' });
    const subscriptionId = Buffer.from(`FeedSubscription:${subscription.id}`).toString('base64');

    const moved = await server.graphql(MOVE, { s: subscriptionId, f: created.body.data.createFolder.id }, ada.token);
    expect(moved.body.data.moveSubscriptionToFolder).toMatchObject({ title: 'Nature News', folder: { name: 'Science' } });

    const tree = await server.graphql(TREE, {}, ada.token);
    expect(tree.body.data.folders).toEqual([
      { name: 'Science', subscriptionCount: 1, subscriptions: [{ title: 'Nature News', feed: { url: subscription.feed.url } }] },
    ]);
  });

  it("loads every folder's subscriptions in one domain query and one reload, however many folders", async () => {
    const carol = await signUp(server.services);
    for (const name of ['A', 'B', 'C', 'D', 'E']) {
      const folder = await server.graphql(CREATE, { name }, carol.token);
      const subscription = await subscribeToNewFeed(server.services, carol.user.id, { title: `In ${name}` });
      await server.graphql(
        MOVE,
        { s: Buffer.from(`FeedSubscription:${subscription.id}`).toString('base64'), f: folder.body.data.createFolder.id },
        carol.token,
      );
    }
    const findMany = vi.spyOn(server.services.db.subscription, 'findMany');
    const tree = await server.graphql(`{ folders { name subscriptions { title } } }`, {}, carol.token);
    expect(tree.body.data.folders.map((f: { subscriptions: { title: string }[] }) => f.subscriptions[0]!.title)).toEqual([
      'In A',
      'In B',
      'In C',
      'In D',
      'In E',
    ]);
    expect(findMany).toHaveBeenCalledTimes(2);
    findMany.mockRestore();
  });

  it('answers a rule violation as a typed error and creates nothing', async () => {
    const response = await server.graphql(CREATE, { name: ' ' }, ada.token);
    expect(response.body.data.createFolder).toEqual({ __typename: 'InvalidInputError', message: 'Folder name is required' });
  });

  it("cannot touch another user's folder", async () => {
    const created = await server.graphql(CREATE, { name: 'Ada only' }, ada.token);
    const renamed = await server.graphql(
      `mutation($id: ID!) { renameFolder(id: $id, input: { name: "Mine now" }) { __typename ... on Error { message } } }`,
      { id: created.body.data.createFolder.id },
      bob.token,
    );
    expect(renamed.body.data.renameFolder).toEqual({ __typename: 'NotFoundError', message: 'Folder not found' });
    expect((await server.graphql(TREE, {}, bob.token)).body.data.folders).toEqual([]);
    const node = `query($id: ID!) { node(id: $id) { id ... on Folder { name } } }`;
    expect((await server.graphql(node, { id: created.body.data.createFolder.id }, bob.token)).body.data.node).toBeNull();
    expect((await server.graphql(node, { id: created.body.data.createFolder.id }, ada.token)).body.data.node).toMatchObject({
      name: 'Ada only',
    });
  });

  it('refuses anonymous callers', async () => {
    const response = await server.graphql(TREE);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
