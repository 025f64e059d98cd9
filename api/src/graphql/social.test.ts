import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/server.ts';
import {
  newArticle,
  newPerson,
  notificationTopic,
  rawId,
  redisAnswers,
  redisInspector,
  startSocialServer,
  subscribeToNotifications,
  TEST_REDIS_URL,
  untilLive,
  delivered,
  waitFor,
  type LiveSubscription,
} from '../../test/socialFixtures.ts';
import { createComment } from '../domain/social/comments.ts';
import { shareArticle } from '../domain/social/shares.ts';

const MISSING = '0190a000-0000-7000-8000-000000000000';
const articleGid = (id: string) => encodeGlobalID('Article', id);
const userGid = (id: string) => encodeGlobalID('User', id);

const CREATE_COMMENT = `mutation C($input: CreateCommentInput!) {
  createComment(input: $input) {
    __typename
    ... on CreateCommentPayload {
      commentEdge { cursor node { id content articleId mentions viewerIsAuthor user { id username } } }
      article { counts { comments } }
    }
    ... on Error { message }
  }
}`;
const EDIT_COMMENT = `mutation E($id: ID!, $content: String!) {
  editComment(id: $id, content: $content) { __typename ... on Comment { id content } ... on Error { message } }
}`;
const DELETE_COMMENT = `mutation D($id: ID!) {
  deleteComment(id: $id) {
    __typename
    ... on DeleteCommentPayload { deletedCommentId article { id counts { comments } } }
    ... on Error { message }
  }
}`;
const SHARE = `mutation S($input: ShareArticleInput!) {
  shareArticle(input: $input) {
    __typename
    ... on Share { id note isPublic viewerIsSharer user { id } article { id counts { shares } } }
    ... on Error { message }
  }
}`;
const UNSHARE = `mutation U($id: ID!) {
  unshare(id: $id) { __typename ... on UnsharePayload { deletedShareId article { counts { shares } } sharer { id sharesCount } } ... on Error { message } }
}`;
const FOLLOW = `mutation F($userId: ID!) { follow(userId: $userId) { __typename ... on User { id viewerFollows } ... on Error { message } } }`;
const UNFOLLOW = `mutation F($userId: ID!) { unfollow(userId: $userId) { __typename ... on User { id viewerFollows } ... on Error { message } } }`;

describe('GraphQL social API', async () => {
  const server = await startTestServer();
  const { services, graphql } = server;

  describe('comments', () => {
    it('creates a comment and answers its edge and the article, with the article’s global id and the mentions that name someone', async () => {
      const ada = await newPerson(services);
      const bob = await newPerson(services);
      const article = await newArticle(services);
      const { body } = await graphql(
        CREATE_COMMENT,
        {
          input: {
            articleId: articleGid(article.id),
            content: ` Hi @${bob.username.toUpperCase()} and @nobody_here `,
            mentions: [bob.username],
          },
        },
        ada.token,
      );
      expect(body.data.createComment).toEqual({
        __typename: 'CreateCommentPayload',
        commentEdge: {
          cursor: expect.any(String),
          node: {
            id: expect.any(String),
            content: `Hi @${bob.username.toUpperCase()} and @nobody_here`,
            articleId: articleGid(article.id),
            // Only names that match an account, as the account spells them.
            mentions: [bob.username],
            viewerIsAuthor: true,
            user: { id: userGid(ada.id), username: ada.username },
          },
        },
        article: { counts: { comments: 1 } },
      });
    });

    it.each([
      ['blank', '  ', 'InvalidInputError', 'Comment cannot be empty'],
      ['too long', 'x'.repeat(5001), 'InvalidInputError', 'Comment must be at most 5000 characters'],
    ])('answers a %s comment with an error member', async (_case, content, typename, message) => {
      const ada = await newPerson(services);
      const article = await newArticle(services);
      const { body } = await graphql(CREATE_COMMENT, { input: { articleId: articleGid(article.id), content } }, ada.token);
      expect(body.data.createComment).toEqual({ __typename: typename, message });
      expect(await services.db.comment.count({ where: { articleId: article.id } })).toBe(0);
    });

    it('answers NotFoundError for an unknown article', async () => {
      const ada = await newPerson(services);
      const { body } = await graphql(CREATE_COMMENT, { input: { articleId: articleGid(MISSING), content: 'hello' } }, ada.token);
      expect(body.data.createComment).toEqual({ __typename: 'NotFoundError', message: 'Article not found' });
    });

    it('refuses to edit or delete another user’s comment and changes nothing', async () => {
      const ada = await newPerson(services);
      const mallory = await newPerson(services);
      const article = await newArticle(services);
      const comment = await createComment(services, ada.viewer, { articleId: article.id, content: 'mine' });
      const id = encodeGlobalID('Comment', comment.id);
      const forbidden = { __typename: 'ForbiddenError', message: 'You can only change your own comments' };
      expect((await graphql(EDIT_COMMENT, { id, content: 'theirs' }, mallory.token)).body.data.editComment).toEqual(forbidden);
      expect((await graphql(DELETE_COMMENT, { id }, mallory.token)).body.data.deleteComment).toEqual(forbidden);
      expect(await services.db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toMatchObject({ content: 'mine' });
    });

    it('edits and deletes the author’s comment; the payload carries the new count', async () => {
      const ada = await newPerson(services);
      const article = await newArticle(services);
      const comment = await createComment(services, ada.viewer, { articleId: article.id, content: 'draft' });
      const id = encodeGlobalID('Comment', comment.id);
      expect((await graphql(EDIT_COMMENT, { id, content: '   ' }, ada.token)).body.data.editComment).toEqual({
        __typename: 'InvalidInputError',
        message: 'Comment cannot be empty',
      });
      expect((await graphql(EDIT_COMMENT, { id, content: ' final ' }, ada.token)).body.data.editComment).toEqual({
        __typename: 'Comment',
        id,
        content: 'final',
      });
      expect((await graphql(DELETE_COMMENT, { id }, ada.token)).body.data.deleteComment).toEqual({
        __typename: 'DeleteCommentPayload',
        deletedCommentId: id,
        article: { id: articleGid(article.id), counts: { comments: 0 } },
      });
      expect((await graphql(DELETE_COMMENT, { id }, ada.token)).body.data.deleteComment).toEqual({
        __typename: 'NotFoundError',
        message: 'Comment not found',
      });
    });

    it('lists an article’s comments and shares newest first, with counts', async () => {
      const ada = await newPerson(services);
      const bob = await newPerson(services);
      const article = await newArticle(services);
      await createComment(services, ada.viewer, { articleId: article.id, content: 'older' });
      await createComment(services, bob.viewer, { articleId: article.id, content: 'newer' });
      await shareArticle(services, ada.viewer, { articleId: article.id, note: 'ada’s note', isPublic: true });
      await shareArticle(services, bob.viewer, { articleId: article.id });
      const { body } = await graphql(
        `
          query A($id: ID!) {
            article(id: $id) {
              counts {
                comments
                shares
              }
              comments {
                edges {
                  node {
                    content
                    viewerIsAuthor
                  }
                }
              }
              shares {
                edges {
                  node {
                    note
                    isPublic
                    viewerIsSharer
                    user {
                      id
                    }
                  }
                }
              }
            }
          }
        `,
        { id: articleGid(article.id) },
        bob.token,
      );
      expect(body.data.article).toEqual({
        counts: { comments: 2, shares: 2 },
        comments: {
          edges: [{ node: { content: 'newer', viewerIsAuthor: true } }, { node: { content: 'older', viewerIsAuthor: false } }],
        },
        shares: {
          edges: [
            { node: { note: null, isPublic: false, viewerIsSharer: true, user: { id: userGid(bob.id) } } },
            { node: { note: 'ada’s note', isPublic: true, viewerIsSharer: false, user: { id: userGid(ada.id) } } },
          ],
        },
      });
    });
  });

  describe('shares and follows', () => {
    it('shares, re-shares into the same share, and refuses another user’s unshare', async () => {
      const ada = await newPerson(services);
      const mallory = await newPerson(services);
      const article = await newArticle(services);
      const input = { articleId: articleGid(article.id), note: 'look', isPublic: false };
      const first = (await graphql(SHARE, { input }, ada.token)).body.data.shareArticle;
      expect(first).toMatchObject({
        __typename: 'Share',
        note: 'look',
        isPublic: false,
        viewerIsSharer: true,
        article: { counts: { shares: 1 } },
      });
      const second = (await graphql(SHARE, { input: { ...input, note: 'look again', isPublic: true } }, ada.token)).body.data.shareArticle;
      expect(second).toMatchObject({ id: first.id, note: 'look again', isPublic: true, article: { counts: { shares: 1 } } });
      expect((await graphql(UNSHARE, { id: first.id }, mallory.token)).body.data.unshare).toEqual({
        __typename: 'ForbiddenError',
        message: 'You can only unshare your own shares',
      });
      expect((await graphql(UNSHARE, { id: first.id }, ada.token)).body.data.unshare).toEqual({
        __typename: 'UnsharePayload',
        deletedShareId: first.id,
        article: { counts: { shares: 0 } },
        sharer: { id: userGid(ada.id), sharesCount: 0 },
      });
    });

    it('follows and unfollows, refusing yourself and unknown users', async () => {
      const ada = await newPerson(services);
      const bob = await newPerson(services);
      expect((await graphql(FOLLOW, { userId: userGid(ada.id) }, ada.token)).body.data.follow).toEqual({
        __typename: 'InvalidInputError',
        message: 'You cannot follow yourself',
      });
      expect((await graphql(FOLLOW, { userId: userGid(MISSING) }, ada.token)).body.data.follow).toEqual({
        __typename: 'NotFoundError',
        message: 'User not found',
      });
      expect((await graphql(FOLLOW, { userId: userGid(bob.id) }, ada.token)).body.data.follow).toEqual({
        __typename: 'User',
        id: userGid(bob.id),
        viewerFollows: true,
      });
      expect((await graphql(FOLLOW, { userId: userGid(bob.id) }, ada.token)).body.data.follow.viewerFollows).toBe(true);
      expect(await services.db.notification.count({ where: { userId: bob.id, type: 'new_follower' } })).toBe(1);
      const lists = await graphql('{ following { edges { node { id } } } followers { edges { node { id } } } }', {}, bob.token);
      expect(lists.body.data).toEqual({ following: { edges: [] }, followers: { edges: [{ node: { id: userGid(ada.id) } }] } });
      expect((await graphql(UNFOLLOW, { userId: userGid(bob.id) }, ada.token)).body.data.unfollow.viewerFollows).toBe(false);
      expect((await graphql(UNFOLLOW, { userId: userGid(bob.id) }, ada.token)).body.data.unfollow.viewerFollows).toBe(false);
    });

    it('pages the Shared list and a user’s shares as connections', async () => {
      const viewer = await newPerson(services);
      const ada = await newPerson(services);
      const stranger = await newPerson(services);
      await graphql(FOLLOW, { userId: userGid(ada.id) }, viewer.token);
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1)
        ids.push((await shareArticle(services, ada.viewer, { articleId: (await newArticle(services)).id })).id);
      await shareArticle(services, stranger.viewer, { articleId: (await newArticle(services)).id });
      const page = async (after: string | null) =>
        (
          await graphql(
            'query P($after: String) { shares(first: 2, after: $after) { edges { node { id user { id } } } pageInfo { hasNextPage endCursor } } }',
            { after },
            viewer.token,
          )
        ).body.data.shares;
      const seen: string[] = [];
      let after: string | null = null;
      for (;;) {
        const { edges, pageInfo } = await page(after);
        seen.push(...edges.map((edge: { node: { id: string } }) => rawId(edge.node.id)));
        if (!pageInfo.hasNextPage) break;
        after = pageInfo.endCursor;
      }
      expect(seen).toEqual([...ids].reverse());
      // The viewer shares one of Ada's articles too: six shares, five articles, for the reader's 'n/total'.
      const sharedByAda = await services.db.share.findUniqueOrThrow({ where: { id: ids[0] }, select: { articleId: true } });
      await shareArticle(services, viewer.viewer, { articleId: sharedByAda.articleId });
      const counted = await graphql('{ shares(first: 1) { articleCount edges { node { id } } } }', {}, viewer.token);
      expect(counted.body.data.shares).toMatchObject({ articleCount: 5 });
      const profile = await graphql(
        'query U($id: ID!) { user(id: $id) { username sharesCount } userShares(userId: $id, first: 10) { edges { node { id } } } }',
        { id: userGid(ada.id) },
        viewer.token,
      );
      expect(profile.body.data.user).toEqual({ username: ada.username, sharesCount: 5 });
      expect(profile.body.data.userShares.edges).toHaveLength(5);
      // A well-formed link to someone who is not there finds nobody and nothing they shared (a mangled one is refused:
      // globalIds.test.ts).
      for (const id of [userGid(MISSING), userGid('not-a-uuid'), userGid('1')]) {
        const unknown = await graphql(
          'query U($id: ID!) { user(id: $id) { id } userShares(userId: $id) { edges { node { id } } pageInfo { hasNextPage } } }',
          { id },
          viewer.token,
        );
        expect(unknown.body).toEqual({ data: { user: null, userShares: { edges: [], pageInfo: { hasNextPage: false } } } });
      }
    });

    it('answers the users directory and mention search', async () => {
      const viewer = await newPerson(services);
      const gus = await newPerson(services, { username: 'gus_graphql', displayName: 'Gus' });
      await createComment(services, gus.viewer, { articleId: (await newArticle(services)).id, content: 'hello' });
      const { body } = await graphql(
        '{ users(first: 100) { edges { node { id username commentsCount sharesCount viewerFollows } } } searchUsers(query: "GUS_g") { id displayName } }',
        {},
        viewer.token,
      );
      const users = body.data.users.edges.map((edge: { node: unknown }) => edge.node);
      expect(users.some((user: { id: string }) => user.id === userGid(viewer.id))).toBe(false);
      expect(users.find((user: { id: string }) => user.id === userGid(gus.id))).toEqual({
        id: userGid(gus.id),
        username: 'gus_graphql',
        commentsCount: 1,
        sharesCount: 0,
        viewerFollows: false,
      });
      expect(body.data.searchUsers).toEqual([{ id: userGid(gus.id), displayName: 'Gus' }]);
    });
  });

  describe('notifications', () => {
    it('link comment and share notifications to their article with articleId', async () => {
      const ada = await newPerson(services);
      const bob = await newPerson(services);
      const article = await newArticle(services);
      await createComment(services, ada.viewer, { articleId: article.id, content: `@${bob.username} comment` });
      await shareArticle(services, ada.viewer, { articleId: article.id, note: `@${bob.username} share`, isPublic: true });
      await graphql(FOLLOW, { userId: userGid(bob.id) }, ada.token);
      const { body } = await graphql(
        '{ unreadNotificationCount notifications(first: 3) { edges { node { type articleId fromUser { id } } } } }',
        {},
        bob.token,
      );
      expect(body.data.unreadNotificationCount).toBe(7);
      expect(body.data.notifications.edges.map((edge: { node: unknown }) => edge.node)).toEqual([
        { type: 'new_follower', articleId: null, fromUser: { id: userGid(ada.id) } },
        { type: 'share_mention', articleId: articleGid(article.id), fromUser: { id: userGid(ada.id) } },
        { type: 'comment_mention', articleId: articleGid(article.id), fromUser: { id: userGid(ada.id) } },
      ]);
    });
  });

  describe('signed out', () => {
    it.each([
      ['createComment', CREATE_COMMENT, { input: { articleId: articleGid(MISSING), content: 'x' } }],
      ['shareArticle', SHARE, { input: { articleId: articleGid(MISSING) } }],
      ['follow', FOLLOW, { userId: userGid(MISSING) }],
      ['unshare', UNSHARE, { id: encodeGlobalID('Share', MISSING) }],
      ['deleteComment', DELETE_COMMENT, { id: encodeGlobalID('Comment', MISSING) }],
      ['users', '{ users { edges { node { id } } } }', {}],
      ['shares', '{ shares { edges { node { id } } } }', {}],
    ])('refuses %s with UNAUTHENTICATED', async (_name, query, variables) => {
      const { body } = await graphql(query, variables);
      expect(body.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    });
  });
});

// Live delivery: a real graphql-ws client per user on a listening server; the event bus in-process, then Redis.
const redisUp = await redisAnswers();

describe.each([
  { bus: 'in-process', env: {} as Record<string, string> },
  { bus: 'Redis', env: { REDIS_URL: TEST_REDIS_URL } },
])('live notifications over graphql-ws ($bus event bus)', async ({ bus, env }) => {
  if (bus === 'Redis' && !redisUp) {
    it.skip(`needs Redis at ${TEST_REDIS_URL}`, () => {});
    return;
  }
  const server = await startSocialServer(env);
  const { services } = server;
  const subscriptions: LiveSubscription[] = [];
  afterAll(async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.dispose()));
  });

  /** Ada, Bob and Cy, with Bob and Cy subscribed and proven live. */
  async function cast() {
    const [ada, bob, cy] = [await newPerson(services), await newPerson(services), await newPerson(services)];
    const bobLive = subscribeToNotifications(server.wsUrl, bob.token);
    const cyLive = subscribeToNotifications(server.wsUrl, cy.token);
    subscriptions.push(bobLive, cyLive);
    await untilLive(services, bob.id, bobLive);
    await untilLive(services, cy.id, cyLive);
    return { ada, bob, cy, bobLive, cyLive };
  }

  /** Waits for `live` to receive `count` notifications (warm-ups aside), then a little longer, so a stray extra would show. */
  async function settle(live: LiveSubscription, count: number) {
    expect(await waitFor(() => delivered(live).length >= count, 10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    return delivered(live);
  }

  it('delivers Bob’s mention to Bob when Ada comments through the GraphQL mutation, and nothing to Cy', async () => {
    const { ada, bob, bobLive, cyLive } = await cast();
    const article = await newArticle(services, { title: 'Live wire' });
    const { body } = await server.graphql(
      CREATE_COMMENT,
      { input: { articleId: articleGid(article.id), content: `@${bob.username} look` } },
      ada.token,
    );
    expect(body.data.createComment.__typename).toBe('CreateCommentPayload');
    const arrived = await settle(bobLive, 1);
    expect(arrived).toEqual([
      {
        id: expect.any(String),
        type: 'comment_mention',
        content: `@${ada.username} mentioned you in a comment on "Live wire"`,
        articleId: articleGid(article.id),
        fromUser: { id: userGid(ada.id), username: ada.username },
      },
    ]);
    const stored = await services.db.notification.findUniqueOrThrow({ where: { id: rawId(arrived[0]!.id) } });
    expect(stored).toMatchObject({ userId: bob.id, commentId: rawId(body.data.createComment.commentEdge.node.id) });
    expect(delivered(cyLive)).toEqual([]);
    expect(cyLive.errors).toEqual([]);
  });

  it('delivers Bob’s mention to Bob when Ada comments through REST, and nothing to Cy', async () => {
    const { ada, bob, bobLive, cyLive } = await cast();
    const article = await newArticle(services);
    const response = await server.rest('POST', '/comments', {
      token: ada.token,
      body: { articleId: article.id, content: `hey @${bob.username}!` },
    });
    expect(response.status).toBe(201);
    const arrived = await settle(bobLive, 1);
    expect(arrived.map((n) => [n.type, n.articleId])).toEqual([['comment_mention', articleGid(article.id)]]);
    expect(delivered(cyLive)).toEqual([]);
  });

  it('delivers share mentions, comments on shares and new followers to their recipients only', async () => {
    const { ada, bob, cy, bobLive, cyLive } = await cast();
    const article = await newArticle(services);
    await server.rest('POST', '/social/share', {
      token: ada.token,
      body: { articleId: article.id, note: `for @${bob.username}`, isPublic: true },
    });
    await server.rest('POST', '/social/share', { token: cy.token, body: { articleId: article.id } });
    await server.rest('POST', '/comments', { token: bob.token, body: { articleId: article.id, content: 'thanks!' } });
    await server.rest('POST', `/social/follow/${cy.id}`, { token: ada.token });
    expect((await settle(bobLive, 1)).map((n) => n.type)).toEqual(['share_mention']);
    expect((await settle(cyLive, 2)).map((n) => n.type)).toEqual(['comment_on_share', 'new_follower']);
  });

  if (bus === 'Redis') {
    const inspect = redisInspector();

    it('subscribes each user on their own Redis channel while connected', async () => {
      const { bob, cy } = await cast();
      expect(await inspect.subscribers(notificationTopic(bob.id))).toBe(1);
      expect(await inspect.subscribers(notificationTopic(cy.id))).toBe(1);
    });

    it('releases the Redis channel as soon as the client disconnects', async () => {
      const { bob, bobLive } = await cast();
      await bobLive.dispose();
      expect(await waitFor(async () => (await inspect.subscribers(notificationTopic(bob.id))) === 0, 3000)).toBe(true);
    });
  }
});
