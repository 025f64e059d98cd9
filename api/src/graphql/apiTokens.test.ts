import { encodeGlobalID } from '@pothos/plugin-relay';
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { describe, expect, it } from 'vitest';
import { signUp, startTestServer } from '../../test/server.ts';
import { TOKEN_REFUSED } from '../domain/access/access.ts';

/** Personal API tokens and digest preferences through the real Yoga server, and what a token may not do. */
const server = await startTestServer();
const { services, graphql } = server;

const CREATE = `mutation Create($name: String!) { createApiToken(input: { name: $name }) {
  __typename
  ... on CreateApiTokenPayload { token apiToken { id name createdAt lastUsedAt } }
  ... on Error { message }
} }`;
const REVOKE = `mutation Revoke($id: ID!) { revokeApiToken(id: $id) { __typename ... on RevokeApiTokenPayload { revokedApiTokenId } ... on Error { message } } }`;
const TOKENS = `{ apiTokens(first: 50) { edges { node { id name lastUsedAt } } } }`;
const PREFERENCES = `{ viewer { id digestPreferences { enabled digestType emailDigests } } }`;
const UPDATE_PREFERENCES = `mutation Update($input: UpdateDigestPreferencesInput!) { updateDigestPreferences(input: $input) {
  __typename ... on User { digestPreferences { enabled digestType emailDigests } } ... on Error { message }
} }`;

async function userWithToken(options: { admin?: boolean } = {}) {
  const account = await signUp(services, options);
  const { body } = await graphql(CREATE, { name: 'Reader app' }, account.token);
  return { ...account, apiToken: body.data.createApiToken.token as string, apiTokenId: body.data.createApiToken.apiToken.id as string };
}

describe('API tokens', () => {
  it('creates a token shown once, lists it without its secret, and revokes it', async () => {
    const { token, apiToken, apiTokenId } = await userWithToken();
    expect(apiToken).toMatch(/^tid_/);
    expect((await graphql('{ viewer { username } }', {}, apiToken)).body.data.viewer).not.toBeNull();
    const listed = (await graphql(TOKENS, {}, token)).body.data.apiTokens.edges.map((edge: { node: unknown }) => edge.node);
    expect(listed).toEqual([{ id: apiTokenId, name: 'Reader app', lastUsedAt: expect.any(String) }]);

    expect((await graphql(REVOKE, { id: apiTokenId }, token)).body.data.revokeApiToken).toEqual({
      __typename: 'RevokeApiTokenPayload',
      revokedApiTokenId: apiTokenId,
    });
    expect((await graphql('{ viewer { username } }', {}, apiToken)).status).toBe(401);
    expect((await graphql(TOKENS, {}, token)).body.data.apiTokens.edges).toEqual([]);
  });

  it('refuses a blank name and another user’s token', async () => {
    const { token } = await userWithToken();
    const other = await userWithToken();
    expect((await graphql(CREATE, { name: ' ' }, token)).body.data.createApiToken).toEqual({
      __typename: 'InvalidInputError',
      message: 'Token name is required',
    });
    expect((await graphql(REVOKE, { id: other.apiTokenId }, token)).body.data.revokeApiToken).toMatchObject({
      __typename: 'NotFoundError',
    });
    expect(
      (
        await graphql(
          `
            query N($id: ID!) {
              node(id: $id) {
                id
              }
            }
          `,
          { id: other.apiTokenId },
          token,
        )
      ).body.data.node,
    ).toBeNull();
  });
});

describe('digest preferences', () => {
  it('reads and changes the viewer’s own, leaving out what is not given', async () => {
    const { token } = await signUp(services);
    expect((await graphql(PREFERENCES, {}, token)).body.data.viewer.digestPreferences).toEqual({
      enabled: true,
      digestType: 'personal',
      emailDigests: true,
    });
    const { body } = await graphql(UPDATE_PREFERENCES, { input: { digestType: 'instance', emailDigests: null } }, token);
    expect(body.data.updateDigestPreferences.digestPreferences).toEqual({ enabled: true, digestType: 'instance', emailDigests: true });
  });

  it('shows nobody else’s', async () => {
    const { token } = await signUp(services);
    const other = await signUp(services);
    const { body } = await graphql(
      `
        query U($id: ID!) {
          user(id: $id) {
            digestPreferences {
              enabled
            }
          }
        }
      `,
      { id: Buffer.from(`User:${other.user.id}`).toString('base64') },
      token,
    );
    expect(body.data.user.digestPreferences).toBeNull();
  });
});

// The administrator's mutations take a User or a Feed id (another type's is refused before anything runs): ones of nothing.
const NOBODY_ID = encodeGlobalID('User', '00000000-0000-7000-8000-000000000000');
const NO_FEED_ID = encodeGlobalID('Feed', '00000000-0000-7000-8000-000000000000');

// Every mutation is on one side: an API token may do it, or only a session may. A new mutation fails this test until
// it is placed, so a token can never gain an account-level power by omission.
const SESSION_ONLY: Record<string, { query: string; variables?: Record<string, unknown> }> = {
  changePassword: {
    query: `mutation { changePassword(input: { currentPassword: "correct horse battery", newPassword: "a new password" }) { __typename ... on Error { message } } }`,
  },
  updateProfile: { query: `mutation { updateProfile(input: { displayName: "Token" }) { __typename ... on Error { message } } }` },
  logout: { query: `mutation { logout }` },
  createInviteCode: { query: `mutation { createInviteCode { __typename ... on Error { message } } }` },
  deleteInviteCode: {
    query: `mutation D($id: ID!) { deleteInviteCode(id: $id) { __typename ... on Error { message } } }`,
    variables: { id: Buffer.from('InviteCode:00000000-0000-7000-8000-000000000000').toString('base64') },
  },
  createApiToken: { query: CREATE, variables: { name: 'Minted by a token' } },
  revokeApiToken: { query: REVOKE },
  updateDigestPreferences: { query: UPDATE_PREFERENCES, variables: { input: { enabled: false } } },
  setArticleDensity: { query: `mutation { setArticleDensity(density: compact) { __typename ... on Error { message } } }` },
  setStoryGrouping: { query: `mutation { setStoryGrouping(groupStories: false) { __typename ... on Error { message } } }` },
  updateInstanceConfig: {
    query: `mutation { updateInstanceConfig(input: { name: "Token" }) { __typename ... on Error { message } } }`,
  },
  sendTestEmail: { query: `mutation { sendTestEmail(to: "ada@example.com") { __typename ... on Error { message } } }` },
  updateUserRole: {
    query: `mutation R($id: ID!) { updateUserRole(id: $id, role: admin, isAdmin: true) { __typename ... on Error { message } } }`,
    variables: { id: NOBODY_ID },
  },
  deleteUser: {
    query: `mutation D($id: ID!) { deleteUser(id: $id) { __typename ... on Error { message } } }`,
    variables: { id: NOBODY_ID },
  },
  createPasswordResetLink: {
    query: `mutation L($id: ID!) { createPasswordResetLink(userId: $id) { __typename ... on Error { message } } }`,
    variables: { id: NOBODY_ID },
  },
  refreshFeedAsAdmin: {
    query: `mutation F($id: ID!) { refreshFeedAsAdmin(id: $id) { __typename ... on Error { message } } }`,
    variables: { id: NO_FEED_ID },
  },
  deleteFeed: {
    query: `mutation F($id: ID!) { deleteFeed(id: $id) { __typename ... on Error { message } } }`,
    variables: { id: NO_FEED_ID },
  },
  runRetention: {
    query: `mutation { runRetention { __typename ... on Error { message } } }`,
  },
  splitStory: {
    query: `mutation S($id: ID!) { splitStory(articleId: $id) { __typename ... on Error { message } } }`,
    variables: { id: encodeGlobalID('Article', '00000000-0000-7000-8000-000000000000') },
  },
};
const TOKEN_ALLOWED = [
  'subscribeToFeed',
  'bulkSubscribe',
  'unsubscribe',
  'renameSubscription',
  'setSubscriptionMuted',
  'updateFullTextSettings',
  'loadFullText',
  'regenerateNewsletterAddress',
  'createHighlight',
  'updateHighlight',
  'deleteHighlight',
  'shareHighlight',
  'moveSubscriptionToFolder',
  'removeSubscriptionFromFolder',
  'createFolder',
  'renameFolder',
  'deleteFolder',
  // Filter rules decide what the viewer reads, as subscriptions do.
  'createFilterRule',
  'updateFilterRule',
  'deleteFilterRule',
  'refreshSubscription',
  'refreshAllSubscriptions',
  'importOpml',
  'dismissOpmlImport',
  'markArticleRead',
  'markArticleUnread',
  'markAllArticlesRead',
  'likeArticle',
  'unlikeArticle',
  'starArticle',
  'unstarArticle',
  'shareArticle',
  'sharePage',
  'unshare',
  'createComment',
  'editComment',
  'deleteComment',
  'follow',
  'unfollow',
  'muteUser',
  'unmuteUser',
  'blockUser',
  'unblockUser',
  'markNotificationRead',
  'markAllNotificationsRead',
  'markNotificationGroupRead',
  'generateFirstDigest',
  'deleteDigest',
  // Exports read the viewer's own articles, as a reader app may.
  'startExport',
];
// Signing in, registering and resetting a password act on no viewer: a token adds nothing to them.
const WITHOUT_VIEWER = ['login', 'register', 'requestPasswordReset', 'resetPassword'];

describe('what an API token may not do', () => {
  it('places every mutation of the schema on one side', async () => {
    const { body } = await graphql(getIntrospectionQuery());
    const schema = (body.data as IntrospectionQuery).__schema;
    const mutation = schema.types.find((type) => type.name === schema.mutationType!.name);
    const names = mutation && 'fields' in mutation ? mutation.fields.map((field) => field.name) : [];
    expect([...names].sort()).toEqual([...Object.keys(SESSION_ONLY), ...TOKEN_ALLOWED, ...WITHOUT_VIEWER].sort());
  });

  it.each(Object.entries(SESSION_ONLY))('refuses %s to a token, even an administrator’s, and changes nothing', async (name, operation) => {
    for (const admin of [false, true]) {
      const { user, apiToken, apiTokenId } = await userWithToken({ admin });
      // Using the token stamps its lastUsedAt; nothing else may change.
      const snapshot = () =>
        services.db.user.findUniqueOrThrow({
          where: { id: user.id },
          include: { apiTokens: { select: { id: true, name: true } }, invitesCreated: true, sessions: { select: { id: true } } },
        });
      const before = await snapshot();
      const { body } = await graphql(operation.query, { id: apiTokenId, ...operation.variables }, apiToken);
      const answer = body.data?.[name];
      const message = answer?.message ?? body.errors?.[0]?.message;
      expect(message).toBe(TOKEN_REFUSED);
      expect(await snapshot()).toEqual(before);
    }
  });

  it.each([
    ['apiTokens', TOKENS],
    ['inviteCodes', `{ inviteCodes(first: 5) { edges { node { id } } } }`],
    ['inviteRateLimit', `{ inviteRateLimit { remaining } }`],
    ['digestPreferences', PREFERENCES],
    ['instanceConfig', `{ instanceConfig { name } }`],
  ])('refuses to read %s with a token', async (_name, query) => {
    const { apiToken } = await userWithToken();
    const { body } = await graphql(query, {}, apiToken);
    expect(body.errors?.[0]?.message).toBe(TOKEN_REFUSED);
  });
});
