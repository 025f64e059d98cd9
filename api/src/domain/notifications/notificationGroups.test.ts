import { describe, expect, it } from 'vitest';
import { newArticle, newPerson, type Person } from '../../../test/socialFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { NotFoundError } from '../core/errors.ts';
import { countUnreadNotificationGroups, listNotificationGroups, markNotificationGroupRead } from './notificationGroups.ts';
import { markAllNotificationsRead } from './notifications.ts';
import { createComment } from '../social/comments.ts';
import { follow } from '../social/follows.ts';

const services = await createTestServices();

async function mentionedBy(people: Person[], target: Person, articleId: string) {
  for (const person of people) await createComment(services, person.viewer, { articleId, content: `Look @${target.username}` });
}

async function people(count: number): Promise<Person[]> {
  return Promise.all(Array.from({ length: count }, () => newPerson(services)));
}

describe('listNotificationGroups', () => {
  it('makes eleven mentions in one comment thread one group, named by its latest actor and counting the others', async () => {
    const [target, ...talkers] = await people(12);
    const article = await newArticle(services, { title: 'Tides' });
    await mentionedBy(talkers, target!, article.id);

    const page = await listNotificationGroups(services, target!.viewer, {});
    const [mentions] = page.groups;
    expect(mentions).toMatchObject({
      count: 11,
      unreadCount: 11,
      read: false,
      actorCount: 11,
      summary: `@${talkers[10]!.username} and 10 others mentioned you in comments on "Tides"`,
    });
    expect(mentions!.actors.map((actor) => actor.id)).toEqual([talkers[10]!.id, talkers[9]!.id, talkers[8]!.id]);
    expect(mentions!.latest.type).toBe('comment_mention');
    // The four welcome notifications stand alone.
    expect(page.groups).toHaveLength(5);
    expect(page.unreadCount).toBe(5);
  });

  it('keeps mentions in different threads apart, and counts one person mentioning often as times', async () => {
    const [target, talker] = await people(2);
    const [first, second] = await Promise.all([newArticle(services, { title: 'One' }), newArticle(services, { title: 'Two' })]);
    await mentionedBy([talker!, talker!, talker!], target!, first.id);
    await mentionedBy([talker!], target!, second.id);

    const { groups } = await listNotificationGroups(services, target!.viewer, { limit: 2 });
    expect(groups.map((group) => [group.summary, group.count])).toEqual([
      [`@${talker!.username} mentioned you in a comment on "Two"`, 1],
      [`@${talker!.username} mentioned you 3 times in comments on "One"`, 3],
    ]);
  });

  it('groups follows, and a new one moves the group to the top', async () => {
    const [target, bob, carol, dan] = await people(4);
    await follow(services, bob!.viewer, target!.id);
    await follow(services, carol!.viewer, target!.id);
    expect((await listNotificationGroups(services, target!.viewer, { limit: 1 })).groups[0]!.summary).toBe(
      `@${carol!.username} and @${bob!.username} started following you`,
    );
    const article = await newArticle(services);
    await mentionedBy([bob!], target!, article.id);
    await follow(services, dan!.viewer, target!.id);

    const { groups } = await listNotificationGroups(services, target!.viewer, { limit: 2 });
    expect(groups.map((group) => group.summary)).toEqual([
      `@${dan!.username} and 2 others started following you`,
      expect.stringContaining('mentioned you'),
    ]);
  });

  it('pages across groups by the head id, never splitting one', async () => {
    const [target, ...talkers] = await people(4);
    for (const talker of talkers) await mentionedBy([talker, talker], target!, (await newArticle(services)).id);

    const first = await listNotificationGroups(services, target!.viewer, { limit: 2 });
    expect(first.hasMore).toBe(true);
    const rest = await listNotificationGroups(services, target!.viewer, { limit: 10, before: first.groups.at(-1)!.id });
    const all = [...first.groups, ...rest.groups];
    expect(rest.hasMore).toBe(false);
    // Three threads of two mentions each, then the four welcome notifications.
    expect(all.map((group) => group.count)).toEqual([2, 2, 2, 1, 1, 1, 1]);
    const ids = all.map((group) => group.id);
    expect([...ids].sort().reverse()).toEqual(ids);
  });

  it('shows nothing of other users', async () => {
    const [target, other, talker] = await people(3);
    await mentionedBy([talker!], other!, (await newArticle(services)).id);
    const { groups } = await listNotificationGroups(services, target!.viewer, { limit: 100 });
    expect(groups.every((group) => group.latest.userId === target!.id)).toBe(true);
    expect(groups).toHaveLength(4);
  });
});

describe('markNotificationGroupRead', () => {
  it('marks every member read, and the bell counts one group less', async () => {
    const [target, ...talkers] = await people(4);
    const article = await newArticle(services);
    await mentionedBy(talkers, target!, article.id);
    expect(await countUnreadNotificationGroups(services, target!.viewer)).toBe(5);
    const [group] = (await listNotificationGroups(services, target!.viewer, {})).groups;

    const marked = await markNotificationGroupRead(services, target!.viewer, group!.id);
    expect(marked).toMatchObject({ id: group!.id, count: 3, unreadCount: 0, read: true });
    expect(await countUnreadNotificationGroups(services, target!.viewer)).toBe(4);
    const unreadMembers = await services.db.notification.count({ where: { userId: target!.id, type: 'comment_mention', read: false } });
    expect(unreadMembers).toBe(0);
  });

  it('leaves a member that arrived after the viewer saw the group unread, and the group with it', async () => {
    const [target, bob, carol] = await people(3);
    const article = await newArticle(services);
    await mentionedBy([bob!], target!, article.id);
    const [seen] = (await listNotificationGroups(services, target!.viewer, {})).groups;
    await mentionedBy([carol!], target!, article.id);

    await markNotificationGroupRead(services, target!.viewer, seen!.id);
    const [group] = (await listNotificationGroups(services, target!.viewer, {})).groups;
    expect(group).toMatchObject({ count: 2, unreadCount: 1, read: false });
  });

  it("answers 'not found' for another user's group or a malformed id", async () => {
    const [target, other] = await people(2);
    const [group] = (await listNotificationGroups(services, other!.viewer, {})).groups;
    await expect(markNotificationGroupRead(services, target!.viewer, group!.id)).rejects.toThrow(NotFoundError);
    await expect(markNotificationGroupRead(services, target!.viewer, 'nope')).rejects.toThrow(NotFoundError);
  });

  it('is covered by mark-all-read', async () => {
    const [target, talker] = await people(2);
    await mentionedBy([talker!, talker!], target!, (await newArticle(services)).id);
    await markAllNotificationsRead(services, target!.viewer);
    const page = await listNotificationGroups(services, target!.viewer, {});
    expect(page.unreadCount).toBe(0);
    expect(page.groups.every((group) => group.read)).toBe(true);
  });
});
