import { describe, expect, it } from 'vitest';
import { subscribeToNewFeed } from '../../test/feedFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';

describe('REST /api/folders', async () => {
  const server = await startTestServer();
  const { services } = server;
  const ada = await signUp(services);
  const bob = await signUp(services);

  async function folderCount(userId: string) {
    return services.db.folder.count({ where: { userId } });
  }

  it('creates a folder with a trimmed name and lists it with its subscription count', async () => {
    const created = await server.rest('POST', '/folders', { token: ada.token, body: { name: '  Tech  ' } });
    expect(created.status).toBe(201);
    expect(created.body.folder).toMatchObject({ name: 'Tech', subscriptions: [], _count: { subscriptions: 0 } });
    await subscribeToNewFeed(services, ada.user.id, { folderId: created.body.folder.id, title: 'Hacker Weekly' });
    await subscribeToNewFeed(services, ada.user.id, { title: 'Loose Feed' });

    const tree = await server.rest('GET', '/folders', { token: ada.token });
    expect(tree.status).toBe(200);
    const tech = tree.body.folders.find((folder: { name: string }) => folder.name === 'Tech');
    expect(tech._count.subscriptions).toBe(1);
    expect(tech.subscriptions[0].title).toBe('Hacker Weekly');
    expect(tree.body.rootFeeds.map((s: { title: string }) => s.title)).toContain('Loose Feed');
  });

  it.each([
    [{ name: '' }, 'Folder name is required'],
    [{ name: '    ' }, 'Folder name is required'],
    [{ name: 'x'.repeat(101) }, 'Folder name must be at most 100 characters'],
    [{ name: 42 }, 'Folder name must be text'],
    [{}, 'Folder name is required'],
    [[], 'The request body must be a JSON object'],
  ])('refuses %j with "%s" and creates nothing', async (body, message) => {
    const before = await folderCount(ada.user.id);
    const response = await server.rest('POST', '/folders', { token: ada.token, body });
    expect(response).toMatchObject({ status: 400, body: { error: message } });
    expect(await folderCount(ada.user.id)).toBe(before);
  });

  it('accepts a name of exactly 100 characters', async () => {
    const response = await server.rest('POST', '/folders', { token: ada.token, body: { name: 'n'.repeat(100) } });
    expect(response.status).toBe(201);
  });

  it('refuses a second folder of the same name (409) but allows the same name for another user', async () => {
    await server.rest('POST', '/folders', { token: ada.token, body: { name: 'News' } });
    const again = await server.rest('POST', '/folders', { token: ada.token, body: { name: 'News' } });
    expect(again).toMatchObject({ status: 409, body: { error: 'A folder with this name already exists' } });
    expect((await server.rest('POST', '/folders', { token: bob.token, body: { name: 'News' } })).status).toBe(201);
  });

  it('renames a folder, under the same rules', async () => {
    const { body } = await server.rest('POST', '/folders', { token: ada.token, body: { name: 'Old name' } });
    const renamed = await server.rest('PATCH', `/folders/${body.folder.id}`, { token: ada.token, body: { name: 'New name' } });
    expect(renamed).toMatchObject({ status: 200, body: { folder: { id: body.folder.id, name: 'New name' } } });
    const blank = await server.rest('PATCH', `/folders/${body.folder.id}`, { token: ada.token, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect((await services.db.folder.findUnique({ where: { id: body.folder.id } }))?.name).toBe('New name');
  });

  it('deletes a folder and moves its feeds to the root', async () => {
    const { body } = await server.rest('POST', '/folders', { token: ada.token, body: { name: 'Doomed' } });
    const subscription = await subscribeToNewFeed(services, ada.user.id, { folderId: body.folder.id });
    const deleted = await server.rest('DELETE', `/folders/${body.folder.id}`, { token: ada.token });
    expect(deleted.status).toBe(204);
    expect(await services.db.folder.findUnique({ where: { id: body.folder.id } })).toBeNull();
    expect((await services.db.subscription.findUnique({ where: { id: subscription.id } }))?.folderId).toBeNull();
  });

  it('moves a subscription into a folder and back to the root', async () => {
    const { body } = await server.rest('POST', '/folders', { token: ada.token, body: { name: 'Destination' } });
    const subscription = await subscribeToNewFeed(services, ada.user.id);
    const moved = await server.rest('POST', `/folders/${body.folder.id}/move-subscription`, {
      token: ada.token,
      body: { subscriptionId: subscription.id },
    });
    expect(moved).toMatchObject({ status: 200, body: { subscription: { id: subscription.id, folderId: body.folder.id } } });
    const removed = await server.rest('POST', '/folders/remove-subscription', {
      token: ada.token,
      body: { subscriptionId: subscription.id },
    });
    expect(removed).toMatchObject({ status: 200, body: { subscription: { id: subscription.id, folderId: null } } });
  });

  it("never shows or changes another user's folders or subscriptions", async () => {
    const { body } = await server.rest('POST', '/folders', { token: ada.token, body: { name: 'Private' } });
    const adaSubscription = await subscribeToNewFeed(services, ada.user.id);
    const bobFolder = (await server.rest('POST', '/folders', { token: bob.token, body: { name: 'Bob only' } })).body.folder;

    const bobTree = await server.rest('GET', '/folders', { token: bob.token });
    expect(JSON.stringify(bobTree.body)).not.toContain('Private');
    expect((await server.rest('PATCH', `/folders/${body.folder.id}`, { token: bob.token, body: { name: 'Hijacked' } })).status).toBe(404);
    expect((await server.rest('DELETE', `/folders/${body.folder.id}`, { token: bob.token })).status).toBe(404);
    const intoBobs = await server.rest('POST', `/folders/${bobFolder.id}/move-subscription`, {
      token: bob.token,
      body: { subscriptionId: adaSubscription.id },
    });
    expect(intoBobs).toMatchObject({ status: 404, body: { error: 'Subscription not found' } });
    const intoAdas = await server.rest('POST', `/folders/${body.folder.id}/move-subscription`, {
      token: bob.token,
      body: { subscriptionId: adaSubscription.id },
    });
    expect(intoAdas).toMatchObject({ status: 404, body: { error: 'Folder not found' } });
    expect((await services.db.folder.findUnique({ where: { id: body.folder.id } }))?.name).toBe('Private');
    expect((await services.db.subscription.findUnique({ where: { id: adaSubscription.id } }))?.folderId).toBeNull();
  });

  it('answers unknown and malformed ids with 404', async () => {
    expect((await server.rest('DELETE', '/folders/not-a-uuid', { token: ada.token })).status).toBe(404);
    expect((await server.rest('DELETE', '/folders/0190a000-0000-7000-8000-000000000000', { token: ada.token })).status).toBe(404);
    const missing = await server.rest('POST', '/folders/remove-subscription', { token: ada.token, body: { subscriptionId: 'nope' } });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Subscription not found' } });
  });

  it('refuses signed-out callers', async () => {
    expect((await server.rest('GET', '/folders')).status).toBe(401);
    expect((await server.rest('POST', '/folders', { body: { name: 'x' } })).status).toBe(401);
  });
});
