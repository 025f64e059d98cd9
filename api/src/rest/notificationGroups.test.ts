import { describe, expect, it } from 'vitest';
import { newArticle, newPerson } from '../../test/socialFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { createComment } from '../domain/social/comments.ts';

const server = await startTestServer();
const { services, rest } = server;

describe('GET /api/notifications/groups', () => {
  it('answers eleven mentions in one thread as one group, with its actors, count and newest member', async () => {
    const target = await newPerson(services);
    const talkers = await Promise.all(Array.from({ length: 11 }, () => newPerson(services)));
    const article = await newArticle(services, { title: 'Tides' });
    for (const talker of talkers)
      await createComment(services, talker.viewer, { articleId: article.id, content: `@${target.username} look` });

    const response = await rest('GET', '/notifications/groups?limit=2', { token: target.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ unreadCount: 5, hasMore: true });
    const [group] = response.body.groups;
    expect(group).toEqual({
      id: expect.any(String),
      type: 'comment_mention',
      summary: `@${talkers[10]!.username} and 10 others mentioned you in comments on "Tides"`,
      count: 11,
      unreadCount: 11,
      read: false,
      actorCount: 11,
      actors: [talkers[10], talkers[9], talkers[8]].map((talker) => ({
        id: talker!.id,
        username: talker!.username,
        displayName: talker!.displayName,
        avatar: null,
      })),
      latestAt: expect.any(String),
      latest: expect.objectContaining({
        type: 'comment_mention',
        comment: { id: expect.any(String), article: { id: article.id, title: 'Tides' } },
      }),
    });
    expect(group.latest.id).toBe(group.id);

    const rest2 = await rest('GET', `/notifications/groups?limit=10&before=${response.body.groups[1].id}`, { token: target.token });
    expect(rest2.body.groups).toHaveLength(3);
    expect(rest2.body.hasMore).toBe(false);
  });

  it('marks a group read through POST /api/notifications/groups/:id/read, and refuses a bad id', async () => {
    const target = await newPerson(services);
    const talker = await newPerson(services);
    const article = await newArticle(services);
    for (let n = 0; n < 2; n++)
      await createComment(services, talker.viewer, { articleId: article.id, content: `@${target.username} ${n}` });
    const [group] = (await rest('GET', '/notifications/groups', { token: target.token })).body.groups;

    const marked = await rest('POST', `/notifications/groups/${group.id}/read`, { token: target.token });
    expect(marked.status).toBe(200);
    expect(marked.body.group).toMatchObject({ id: group.id, count: 2, unreadCount: 0, read: true });
    expect((await rest('GET', '/notifications/groups', { token: target.token })).body.unreadCount).toBe(4);

    const other = await newPerson(services);
    const foreign = await rest('POST', `/notifications/groups/${group.id}/read`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Notification not found' });
    expect((await rest('GET', '/notifications/groups?limit=0', { token: target.token })).status).toBe(400);
  });
});
