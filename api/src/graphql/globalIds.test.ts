import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../../test/server.ts';
import { newArticle, newPerson } from '../../test/socialFixtures.ts';

const NOT_AN_ID = '%%% not a global id';

describe('a malformed global id, anywhere', async () => {
  const { services, graphql } = await startTestServer();
  const reader = await newPerson(services);
  const article = await newArticle(services);
  const articleId = encodeGlobalID('Article', article.id);

  it('in a query argument answers BAD_USER_INPUT naming the argument', async () => {
    const { body } = await graphql('query($feedId: ID) { articles(feedId: $feedId) { totalCount } }', { feedId: NOT_AN_ID }, reader.token);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: expect.stringContaining('The argument "feedId" of Query.articles is not a global id'),
        path: ['articles'],
        extensions: { code: 'BAD_USER_INPUT', argument: 'feedId' },
      }),
    ]);
  });

  it('of another type in a query argument says which type the argument takes', async () => {
    const { body } = await graphql(
      'query($folderId: ID) { articles(folderId: $folderId) { totalCount } }',
      { folderId: articleId },
      reader.token,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: 'The argument "folderId" of Query.articles takes the id of Folder, not of Article',
      extensions: { code: 'BAD_USER_INPUT', argument: 'folderId' },
    });
  });

  it('in a mutation argument answers BAD_USER_INPUT and changes nothing', async () => {
    const { body } = await graphql('mutation($id: ID!) { markArticleRead(id: $id) { __typename } }', { id: NOT_AN_ID }, reader.token);
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('The argument "id" of Mutation.markArticleRead is not a global id'),
      extensions: { code: 'BAD_USER_INPUT', argument: 'id' },
    });
  });

  it('in an input field answers BAD_USER_INPUT naming the field and changes nothing', async () => {
    const before = await services.db.comment.count();
    const { body } = await graphql(
      'mutation($input: CreateCommentInput!) { createComment(input: $input) { __typename } }',
      { input: { articleId: NOT_AN_ID, content: 'hello' } },
      reader.token,
    );
    expect(body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('The field "articleId" of CreateCommentInput is not a global id'),
      extensions: { code: 'BAD_USER_INPUT', argument: 'articleId' },
    });
    expect(await services.db.comment.count()).toBe(before);
  });

  it('in an argument that takes either of two types (the administrator’s) answers the same', async () => {
    const { token } = await signUp(services, { admin: true });
    const malformed = await graphql('mutation($id: ID!) { deleteFeed(id: $id) { __typename } }', { id: NOT_AN_ID }, token);
    expect(malformed.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('The argument "id" of Mutation.deleteFeed is not a global id'),
      extensions: { code: 'BAD_USER_INPUT', argument: 'id' },
    });
    const other = await graphql('mutation($id: ID!) { deleteUser(id: $id) { __typename } }', { id: articleId }, token);
    expect(other.body.errors?.[0]).toMatchObject({
      message: 'The argument "id" of Mutation.deleteUser takes the id of AdminUser or User, not of Article',
      extensions: { code: 'BAD_USER_INPUT', argument: 'id' },
    });
  });

  it('in node(id:) and nodes(ids:) answers BAD_USER_INPUT; a well-formed id of nothing stays null', async () => {
    const node = await graphql('query($id: ID!) { node(id: $id) { id } }', { id: NOT_AN_ID }, reader.token);
    expect(node.body.errors?.[0]).toMatchObject({
      message: expect.stringContaining('The argument "id" of Query.node is not a global id'),
      extensions: { code: 'BAD_USER_INPUT', argument: 'id' },
    });
    const nodes = await graphql('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: [articleId, NOT_AN_ID] }, reader.token);
    expect(nodes.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', argument: 'ids' } });
    const missing = await graphql(
      'query($id: ID!) { node(id: $id) { id } }',
      { id: encodeGlobalID('Article', 'not-a-uuid') },
      reader.token,
    );
    expect(missing.body).toEqual({ data: { node: null } });
  });

  describe('in the lookups that open links (article, user, userShares)', () => {
    const ARTICLE = 'query($id: ID!) { article(id: $id) { id } }';
    // With a count, so the user's Prisma query is not empty (a null answer must not leave it unread).
    const USER = 'query($id: ID!) { user(id: $id) { id sharesCount } }';
    const USER_SHARES = 'query($id: ID!) { userShares(userId: $id) { edges { node { id } } } }';
    const lookups = [
      ['Query.article', ARTICLE, 'id', 'is not a global id or a REST id'],
      ['Query.user', USER, 'id', 'is not a global id'],
      ['Query.userShares', USER_SHARES, 'userId', 'is not a global id'],
    ] as const;

    it.each(lookups)('%s answers BAD_USER_INPUT naming the argument for a malformed id', async (field, query, argument, says) => {
      const base64WithoutType = Buffer.from('ABC').toString('base64');
      for (const id of [NOT_AN_ID, 'not base64 at all', '', base64WithoutType]) {
        const { body } = await graphql(query, { id }, reader.token);
        expect(body.data?.[field.slice('Query.'.length)] ?? null).toBeNull();
        expect(body.errors).toEqual([
          expect.objectContaining({
            message: expect.stringContaining(`The argument "${argument}" of ${field} ${says}`),
            extensions: { code: 'BAD_USER_INPUT', argument },
          }),
        ]);
      }
    });

    it.each(lookups)('%s answers BAD_USER_INPUT for the id of another type', async (field, query, argument) => {
      const otherType = field === 'Query.article' ? encodeGlobalID('User', reader.id) : articleId;
      const { body } = await graphql(query, { id: otherType }, reader.token);
      expect(body.errors).toEqual([
        expect.objectContaining({
          message: expect.stringMatching(new RegExp(`^The argument "${argument}" of ${field} takes the id of (Article|User), not of`)),
          extensions: { code: 'BAD_USER_INPUT', argument },
        }),
      ]);
    });

    it('answers null, or no shares, for a well-formed id that names nothing (a mangled uuid inside one too)', async () => {
      for (const missing of ['0190a000-0000-7000-8000-000000000000', 'not-a-uuid', "1' OR 1=1 --"]) {
        expect((await graphql(ARTICLE, { id: encodeGlobalID('Article', missing) }, reader.token)).body).toEqual({
          data: { article: null },
        });
        expect((await graphql(USER, { id: encodeGlobalID('User', missing) }, reader.token)).body).toEqual({ data: { user: null } });
        expect((await graphql(USER_SHARES, { id: encodeGlobalID('User', missing) }, reader.token)).body).toEqual({
          data: { userShares: { edges: [] } },
        });
      }
    });

    it('still opens what they name: an article by its global or REST id, a user by theirs', async () => {
      const byGlobalId = await graphql(ARTICLE, { id: articleId }, reader.token);
      expect(byGlobalId.body).toEqual({ data: { article: { id: articleId } } });
      const byRestId = await graphql(ARTICLE, { id: article.id.toUpperCase() }, reader.token);
      expect(byRestId.body).toEqual({ data: { article: { id: articleId } } });
      const userId = encodeGlobalID('User', reader.id);
      expect((await graphql(USER, { id: userId }, reader.token)).body).toEqual({ data: { user: { id: userId, sharesCount: 0 } } });
    });
  });
});
