import { describe, expect, it } from 'vitest';
import { newArticle, newPerson } from '../../test/socialFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { createComment } from '../domain/social/comments.ts';
import { follow } from '../domain/social/follows.ts';

const server = await startTestServer();
const { services, graphql } = server;

const GROUPS = `query Groups($first: Int, $after: String) {
  notificationGroups(first: $first, after: $after) {
    edges { cursor node { id type summary count unreadCount read actorCount latestAt actors { username } latest { id type articleId } } }
    pageInfo { hasNextPage endCursor }
  }
  unreadNotificationGroupCount
}`;
const MARK = `mutation Mark($id: ID!) { markNotificationGroupRead(id: $id) {
  __typename ... on NotificationGroup { id read unreadCount count } ... on Error { message } } }`;

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64');

describe('notificationGroups', () => {
  it('agrees with REST: one group per thread and one for follows, paged by group', async () => {
    const target = await newPerson(services);
    const talkers = await Promise.all(Array.from({ length: 11 }, () => newPerson(services)));
    const [tides, other] = await Promise.all([newArticle(services, { title: 'Tides' }), newArticle(services, { title: 'Other' })]);
    for (const talker of talkers)
      await createComment(services, talker.viewer, { articleId: tides.id, content: `@${target.username} look` });
    await createComment(services, talkers[0]!.viewer, { articleId: other.id, content: `@${target.username} here too` });
    for (const talker of talkers.slice(0, 3)) await follow(services, talker.viewer, target.id);

    const first = await graphql(GROUPS, { first: 2 }, target.token);
    expect(first.body.errors).toBeUndefined();
    const { edges, pageInfo } = first.body.data.notificationGroups;
    expect(first.body.data.unreadNotificationGroupCount).toBe(7);
    expect(edges.map((edge: { node: { summary: string } }) => edge.node.summary)).toEqual([
      `@${talkers[2]!.username} and 2 others started following you`,
      `@${talkers[0]!.username} mentioned you in a comment on "Other"`,
    ]);
    expect(pageInfo.hasNextPage).toBe(true);

    const rest = await graphql(GROUPS, { first: 1, after: pageInfo.endCursor }, target.token);
    const [thread] = rest.body.data.notificationGroups.edges;
    expect(thread.node).toMatchObject({
      type: 'comment_mention',
      summary: `@${talkers[10]!.username} and 10 others mentioned you in comments on "Tides"`,
      count: 11,
      actorCount: 11,
      read: false,
      actors: [talkers[10], talkers[9], talkers[8]].map((talker) => ({ username: talker!.username })),
      latest: { type: 'comment_mention', articleId: globalId('Article', tides.id) },
    });
    expect(thread.node.id).toBe(globalId('NotificationGroup', Buffer.from(thread.node.latest.id, 'base64').toString().split(':')[1]!));

    const marked = await graphql(MARK, { id: thread.node.id }, target.token);
    expect(marked.body.data.markNotificationGroupRead).toEqual({
      __typename: 'NotificationGroup',
      id: thread.node.id,
      read: true,
      unreadCount: 0,
      count: 11,
    });
    expect((await graphql(GROUPS, { first: 1 }, target.token)).body.data.unreadNotificationGroupCount).toBe(6);

    const stranger = await newPerson(services);
    const foreign = await graphql(MARK, { id: thread.node.id }, stranger.token);
    expect(foreign.body.data.markNotificationGroupRead).toEqual({ __typename: 'NotFoundError', message: 'Notification not found' });
    const node = await graphql('query N($id: ID!) { node(id: $id) { id } }', { id: thread.node.id }, stranger.token);
    expect(node.body.data.node).toBeNull();
  });
});
