import { describe, expect, it } from 'vitest';
import { failingAtCommit, newPerson, refusal, socialNotificationsOf } from '../../../test/socialFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { follow, listFollowers, listFollowing, unfollow } from './follows.ts';

const services = await createTestServices();
const MISSING = '0190a000-0000-7000-8000-000000000000';

const followRows = (followerId: string) => services.db.follow.findMany({ where: { followerId }, select: { followingId: true } });

describe('follow', () => {
  it('follows a user and notifies them once with new_follower, however often it is repeated', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services, { displayName: 'Bob B.' });
    expect(await follow(services, ada.viewer, bob.id)).toEqual({
      id: bob.id,
      username: bob.username,
      displayName: 'Bob B.',
      avatarUrl: null,
    });
    await follow(services, ada.viewer, bob.id);
    await Promise.all([follow(services, ada.viewer, bob.id), follow(services, ada.viewer, bob.id)]);
    expect(await followRows(ada.id)).toEqual([{ followingId: bob.id }]);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([
      expect.objectContaining({ type: 'new_follower', fromUserId: ada.id, content: `@${ada.username} started following you` }),
    ]);
    expect(await socialNotificationsOf(services, ada.id)).toEqual([]);
  });

  it('writes the follow and its notification in one transaction: if it fails, neither exists and nothing is announced', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const failing = failingAtCommit(services);
    await expect(follow(failing, ada.viewer, bob.id)).rejects.toThrow('commit failed');
    expect(await followRows(ada.id)).toEqual([]);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    expect(failing.announced).toEqual([]);
    // And once it succeeds, the first real follow still notifies.
    await follow(services, ada.viewer, bob.id);
    expect((await socialNotificationsOf(services, bob.id)).map((n) => n.type)).toEqual(['new_follower']);
  });

  it('refuses to follow yourself with 400 and records nothing', async () => {
    const ada = await newPerson(services);
    expect(await refusal(follow(services, ada.viewer, ada.id))).toEqual({ status: 400, message: 'You cannot follow yourself' });
    expect(await followRows(ada.id)).toEqual([]);
    expect(await socialNotificationsOf(services, ada.id)).toEqual([]);
  });

  it.each([MISSING, 'someone'])('answers 404 "User not found" for %s', async (id) => {
    const ada = await newPerson(services);
    expect(await refusal(follow(services, ada.viewer, id))).toEqual({ status: 404, message: 'User not found' });
    expect(await refusal(unfollow(services, ada.viewer, id))).toEqual({ status: 404, message: 'User not found' });
  });
});

describe('unfollow', () => {
  it('stops following, and is idempotent', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const cy = await newPerson(services);
    await follow(services, ada.viewer, bob.id);
    await follow(services, ada.viewer, cy.id);
    expect((await unfollow(services, ada.viewer, bob.id)).id).toBe(bob.id);
    expect((await unfollow(services, ada.viewer, bob.id)).id).toBe(bob.id);
    expect(await followRows(ada.id)).toEqual([{ followingId: cy.id }]);
  });

  it('refuses to unfollow yourself with 400', async () => {
    const ada = await newPerson(services);
    expect(await refusal(unfollow(services, ada.viewer, ada.id))).toEqual({ status: 400, message: 'You cannot follow yourself' });
  });
});

describe('following and followers', () => {
  it('lists whom the viewer follows and who follows the viewer, most recent first, and nobody else', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const cy = await newPerson(services);
    const dee = await newPerson(services);
    await follow(services, ada.viewer, bob.id);
    await follow(services, ada.viewer, cy.id);
    await follow(services, dee.viewer, ada.id);
    await follow(services, bob.viewer, ada.id);
    await follow(services, cy.viewer, dee.id);
    // Distinct follow times, so the order does not hang on millisecond ties.
    for (const [follower, following, minutesAgo] of [
      [ada, bob, 4],
      [ada, cy, 3],
      [dee, ada, 2],
      [bob, ada, 1],
    ] as const) {
      await services.db.follow.update({
        where: { followerId_followingId: { followerId: follower.id, followingId: following.id } },
        data: { createdAt: new Date(Date.now() - minutesAgo * 60_000) },
      });
    }
    expect((await listFollowing(services, ada.viewer, {})).items.map((user) => user.id)).toEqual([cy.id, bob.id]);
    expect((await listFollowers(services, ada.viewer, {})).items.map((user) => user.id)).toEqual([bob.id, dee.id]);
    expect((await listFollowing(services, dee.viewer, {})).items).toEqual([
      { id: ada.id, username: ada.username, displayName: null, avatarUrl: null },
    ]);
    // A page at a time, newest first, the cursor carrying on where the last page stopped.
    const firstPage = await listFollowing(services, ada.viewer, { first: 1 });
    expect(firstPage).toMatchObject({ items: [{ id: cy.id }], hasNextPage: true });
    expect(await listFollowing(services, ada.viewer, { first: 1, after: firstPage.endCursor })).toMatchObject({
      items: [{ id: bob.id }],
      hasNextPage: false,
    });
    await unfollow(services, ada.viewer, cy.id);
    expect((await listFollowing(services, ada.viewer, {})).items.map((user) => user.id)).toEqual([bob.id]);
    expect((await listFollowers(services, cy.viewer, {})).items.map((user) => user.id)).toEqual([]);
  });
});
