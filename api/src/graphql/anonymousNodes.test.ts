import { encodeGlobalID } from '@pothos/plugin-relay';
import { isInterfaceType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/server.ts';
import { newArticle, newPerson } from '../../test/socialFixtures.ts';
import { createApiToken } from '../domain/accounts/apiTokens.ts';
import { createComment } from '../domain/social/comments.ts';
import { shareArticle } from '../domain/social/shares.ts';
import { schema } from './schema.ts';

// Node types a signed-out caller may load, each with the reason; none today (the public RSS feed is the only public view).
const PUBLIC_BY_DESIGN: Record<string, string> = {};

describe('node(id:) and nodes(ids:) for a signed-out caller', async () => {
  const { services, graphql } = await startTestServer();
  const owner = await newPerson(services);
  const article = await newArticle(services);
  const feedId = article.feed.id;

  // One real id of each Node type, seen by `owner`: a new Node type without one here fails the test below.
  const idOf: Record<string, () => Promise<string>> = {
    User: async () => owner.id,
    Article: async () => article.id,
    Story: async () => article.id,
    Feed: async () => feedId,
    Comment: async () => (await createComment(services, owner.viewer, { articleId: article.id, content: 'hello' })).id,
    Share: async () => (await shareArticle(services, owner.viewer, { articleId: article.id, isPublic: true })).id,
    Folder: async () => (await services.db.folder.create({ data: { userId: owner.id, name: 'Mine' } })).id,
    FeedSubscription: async () => (await services.db.subscription.create({ data: { userId: owner.id, feedId } })).id,
    InviteCode: async () => (await services.db.inviteCode.create({ data: { code: 'ANON-NODE-TEST-CODE', createdById: owner.id } })).id,
    ApiToken: async () => (await createApiToken(services, owner.viewer, { name: 'Reader app' })).apiToken.id,
    FilterRule: async () =>
      (await services.db.filterRule.create({ data: { userId: owner.id, pattern: 'crypto', fields: ['title'], action: 'hide' } })).id,
    Notification: async () => (await services.db.notification.findFirstOrThrow({ where: { userId: owner.id } })).id,
    Digest: async () =>
      (
        await services.db.digest.create({
          data: {
            userId: owner.id,
            type: 'personal',
            startDate: new Date(),
            endDate: new Date(),
            title: 't',
            summary: 's',
            content: 'c',
            metadata: {},
          },
        })
      ).id,
    Highlight: async () =>
      (await services.db.highlight.create({ data: { userId: owner.id, articleId: article.id, exact: 'A passage' } })).id,
    NotificationGroup: async () => (await services.db.notification.findFirstOrThrow({ where: { userId: owner.id } })).id,
  };

  const nodeInterface = schema.getType('Node');
  if (!isInterfaceType(nodeInterface)) throw new Error('the schema should have the Node interface');
  const nodeTypes = schema.getImplementations(nodeInterface).objects.map((type) => type.name);

  it('knows every Node type of the schema', () => {
    expect(nodeTypes.length).toBeGreaterThan(0);
    expect(nodeTypes.filter((name) => !(name in idOf))).toEqual([]);
  });

  it.each(nodeTypes.filter((name) => !(name in PUBLIC_BY_DESIGN)))('answers null for a %s, which its owner does see', async (type) => {
    const id = encodeGlobalID(type, await idOf[type]!());
    const query = 'query N($id: ID!, $ids: [ID!]!) { node(id: $id) { id } nodes(ids: $ids) { id } }';
    const signedOut = await graphql(query, { id, ids: [id] });
    expect(signedOut.body.errors).toBeUndefined();
    expect(signedOut.body.data).toEqual({ node: null, nodes: [null] });
    const seen = await graphql(query, { id, ids: [id] }, owner.token);
    expect(seen.body.data).toEqual({ node: { id }, nodes: [{ id }] });
  });
});
