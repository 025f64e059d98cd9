import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../../test/feedServer.ts';
import { startTestServer } from '../../../test/server.ts';
import { newArticle, newPerson, refusal, socialNotificationsOf } from '../../../test/socialFixtures.ts';
import { syncReader } from '../../../test/syncFixtures.ts';
import type { Services } from '../core/services.ts';
import { createComment, editComment } from './comments.ts';
import { sharePage } from './sharePage.ts';
import { shareArticle } from './shares.ts';

// What one account may post (COMMENTS_PER_MINUTE, POSTS_PER_3_HOURS) and whom one text may mention (20 people), on
// every path that makes a comment or a share: REST, GraphQL, sharing a page (extension, bookmarklet), Google Reader.

const feeds = await startFeedServer();
/** The defaults: 30 comments a minute, 300 comments and shares in 3 hours. */
const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
/** 3 comments a minute, 5 posts in 3 hours: the same rules, reached in a few calls. */
const tight = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true', COMMENTS_PER_MINUTE: '3', POSTS_PER_3_HOURS: '5' });

const articleGid = (id: string) => encodeGlobalID('Article', id);
const page = (name: string) => feeds.url(`/fixtures/${name}?type=text/html`);
const THREE_HOURS = 3 * 60 * 60;

const CREATE_COMMENT = `mutation C($input: CreateCommentInput!) {
  createComment(input: $input) {
    __typename
    ... on CreateCommentPayload { commentEdge { node { id } } }
    ... on RateLimitedError { retryAfterSeconds }
    ... on Error { message }
  }
}`;
const SHARE_ARTICLE = `mutation S($input: ShareArticleInput!) {
  shareArticle(input: $input) { __typename ... on Share { id } ... on RateLimitedError { retryAfterSeconds } ... on Error { message } }
}`;
const SHARE_PAGE = `mutation P($input: SharePageInput!) {
  sharePage(input: $input) { __typename ... on Share { id } ... on RateLimitedError { retryAfterSeconds } ... on Error { message } }
}`;

/** Accounts that exist only to be mentioned: rows of their own, so that 21 of them cost no password hashing. */
async function mentionable(services: Services, count: number): Promise<string[]> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const usernames = Array.from({ length: count }, (_, i) => `m${i}_${stamp}`);
  await services.db.user.createMany({
    data: usernames.map((username) => ({ username, email: `${username}@example.com`, passwordHash: 'x' })),
  });
  return usernames;
}

const mentionsOf = async (services: Services, usernames: string[]) =>
  services.db.notification.count({ where: { user: { username: { in: usernames } }, type: { in: ['comment_mention', 'share_mention'] } } });

function expectRetryAfter(seconds: number, most: number) {
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(most);
}

describe('comments a minute', () => {
  it('meets 40 comments of one account at once with 429 and Retry-After beyond the 30th, and lets another account comment', async () => {
    const ada = await newPerson(server.services);
    const bob = await newPerson(server.services);
    const article = await newArticle(server.services);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        server.rest('POST', '/comments', {
          token: ada.token,
          body: { articleId: article.id, content: `Comment ${i} for @${bob.username}` },
        }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(30);
    const refused = responses.filter((response) => response.status === 429);
    expect(refused).toHaveLength(10);
    for (const response of refused) {
      expect(response.body.error).toMatch(/^You can post at most 30 comments a minute\. Please try again in \d+ seconds?\.$/);
      expectRetryAfter(Number(response.headers.get('retry-after')), 60);
    }
    expect(await server.services.db.comment.count({ where: { articleId: article.id } })).toBe(30);
    expect(await socialNotificationsOf(server.services, bob.id)).toHaveLength(30);

    const other = await server.rest('POST', '/comments', { token: bob.token, body: { articleId: article.id, content: 'Mine' } });
    expect(other.status).toBe(201);
  });

  it('answers GraphQL’s createComment with a RateLimitedError and creates nothing', async () => {
    const ada = await newPerson(tight.services);
    const article = await newArticle(tight.services);
    for (let i = 0; i < 3; i += 1) await createComment(tight.services, ada.viewer, { articleId: article.id, content: `c${i}` });
    const { body } = await tight.graphql(CREATE_COMMENT, { input: { articleId: articleGid(article.id), content: 'one more' } }, ada.token);
    expect(body.data.createComment).toMatchObject({
      __typename: 'RateLimitedError',
      message: expect.stringMatching(/^You can post at most 3 comments a minute\. Please try again in \d+ seconds?\.$/),
    });
    expectRetryAfter(body.data.createComment.retryAfterSeconds, 60);
    expect(await tight.services.db.comment.count({ where: { articleId: article.id } })).toBe(3);
  });

  it('opens a new minute once the last has passed', async () => {
    const ada = await newPerson(tight.services);
    const article = await newArticle(tight.services);
    const comment = () => createComment(tight.services, ada.viewer, { articleId: article.id, content: 'again' });
    for (let i = 0; i < 3; i += 1) await comment();
    expect((await refusal(comment())).status).toBe(429);
    await tight.services.db.rateLimit.updateMany({ where: { key: `comments:user:${ada.id}` }, data: { expire: BigInt(Date.now() - 1) } });
    await comment();
  });

  it('spends nothing on a comment refused as invalid', async () => {
    const ada = await newPerson(tight.services);
    const article = await newArticle(tight.services);
    for (let i = 0; i < 5; i += 1) {
      expect((await refusal(createComment(tight.services, ada.viewer, { articleId: article.id, content: ' ' }))).status).toBe(400);
    }
    for (let i = 0; i < 3; i += 1) await createComment(tight.services, ada.viewer, { articleId: article.id, content: 'fine' });
  });
});

describe('comments and shares in 3 hours', () => {
  it('counts comments and shares together and then refuses both, over REST, GraphQL and sharing a page, changing nothing', async () => {
    const ada = await newPerson(tight.services);
    const bob = await newPerson(tight.services);
    const articles = await Promise.all(Array.from({ length: 5 }, () => newArticle(tight.services)));
    await createComment(tight.services, ada.viewer, { articleId: articles[0]!.id, content: 'first' });
    await createComment(tight.services, ada.viewer, { articleId: articles[0]!.id, content: 'second' });
    await shareArticle(tight.services, ada.viewer, { articleId: articles[1]!.id });
    // Sharing again (a changed note may mention people) is a post too.
    await shareArticle(tight.services, ada.viewer, { articleId: articles[1]!.id, note: 'changed' });
    const shared = await tight.rest('POST', '/social/share', { token: ada.token, body: { articleId: articles[2]!.id } });
    expect(shared.status).toBe(200);
    const before = { comments: await tight.services.db.comment.count(), shares: await tight.services.db.share.count() };

    const share = await tight.rest('POST', '/social/share', {
      token: ada.token,
      body: { articleId: articles[3]!.id, note: `for @${bob.username}` },
    });
    expect(share.status).toBe(429);
    expect(share.body.error).toMatch(/^You can post at most 5 comments and shares in 3 hours\. Please try again in \d+ minutes\.$/);
    expectRetryAfter(Number(share.headers.get('retry-after')), THREE_HOURS);
    expect(Number(share.headers.get('retry-after'))).toBeGreaterThan(THREE_HOURS - 60);

    const comment = await tight.rest('POST', '/comments', { token: ada.token, body: { articleId: articles[3]!.id, content: 'more' } });
    expect(comment.status).toBe(429);
    expect(comment.body.error).toMatch(/ 5 comments and shares in 3 hours\./);

    const viaGraphql = await tight.graphql(SHARE_ARTICLE, { input: { articleId: articleGid(articles[4]!.id) } }, ada.token);
    expect(viaGraphql.body.data.shareArticle.__typename).toBe('RateLimitedError');
    expectRetryAfter(viaGraphql.body.data.shareArticle.retryAfterSeconds, THREE_HOURS);

    const url = page('page-open-graph.html');
    const pageShare = await tight.rest('POST', '/social/share-page', { token: ada.token, body: { url } });
    expect(pageShare.status).toBe(429);
    expect(Number(pageShare.headers.get('retry-after'))).toBeGreaterThan(0);
    const pageViaGraphql = await tight.graphql(SHARE_PAGE, { input: { url } }, ada.token);
    expect(pageViaGraphql.body.data.sharePage.__typename).toBe('RateLimitedError');
    // Refused before the page was read: nothing fetched, nothing stored.
    expect(feeds.requestsTo('/fixtures/page-open-graph.html?type=text/html')).toEqual([]);
    expect(await tight.services.db.article.count({ where: { url: feeds.url('/articles/open-graph') } })).toBe(0);

    expect({ comments: await tight.services.db.comment.count(), shares: await tight.services.db.share.count() }).toEqual(before);
    expect(await socialNotificationsOf(tight.services, bob.id)).toEqual([]);
    // The limit is the account's: others still post.
    expect((await tight.rest('POST', '/social/share', { token: bob.token, body: { articleId: articles[3]!.id } })).status).toBe(200);
  });

  it('refuses shares made by a reader app (Google Reader broadcast) past the limit, with 429 and Retry-After', async () => {
    const reader = await syncReader(tight.services, tight.rest);
    const numbers = [...reader.numberOf.values()].map(String);
    expect(numbers).toHaveLength(6);
    const response = await fetch(`${tight.url}/api/greader/reader/api/0/edit-tag`, {
      method: 'POST',
      headers: { authorization: `GoogleLogin auth=${reader.apiToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([...numbers.map((i) => ['i', i]), ['a', 'user/-/state/com.google/broadcast']]).toString(),
    });
    expect(response.status).toBe(429);
    expect(await response.text()).toMatch(/^You can post at most 5 comments and shares in 3 hours\./);
    expectRetryAfter(Number(response.headers.get('retry-after')), THREE_HOURS);
    expect(await tight.services.db.share.count({ where: { userId: reader.user.id } })).toBe(5);
  });
});

describe('mentions', () => {
  it('notifies up to 20 people a comment mentions, and refuses a 21st with 400, creating nothing', async () => {
    const ada = await newPerson(server.services);
    const article = await newArticle(server.services);
    const people = await mentionable(server.services, 21);
    const text = (names: string[]) => names.map((name) => `@${name}`).join(' ');

    const refused = await server.rest('POST', '/comments', { token: ada.token, body: { articleId: article.id, content: text(people) } });
    expect(refused).toMatchObject({ status: 400, body: { error: 'A comment can mention at most 20 people.' } });
    const viaGraphql = await server.graphql(
      CREATE_COMMENT,
      { input: { articleId: articleGid(article.id), content: text(people) } },
      ada.token,
    );
    expect(viaGraphql.body.data.createComment).toEqual({
      __typename: 'InvalidInputError',
      message: 'A comment can mention at most 20 people.',
    });
    expect(await server.services.db.comment.count({ where: { articleId: article.id } })).toBe(0);
    expect(await mentionsOf(server.services, people)).toBe(0);

    // Twenty people, the author (never notified) and names of nobody are within the limit.
    const content = `${text(people.slice(0, 20))} @${ada.username} @nobody_${Date.now()} @ghost${Date.now()}`;
    const accepted = await server.rest('POST', '/comments', { token: ada.token, body: { articleId: article.id, content } });
    expect(accepted.status).toBe(201);
    expect(await mentionsOf(server.services, people)).toBe(20);
  });

  it('counts distinct people, however often and in whatever case each is named', async () => {
    const ada = await newPerson(server.services);
    const article = await newArticle(server.services);
    const people = await mentionable(server.services, 20);
    const content = [...people, ...people.map((name) => name.toUpperCase())].map((name) => `@${name}`).join(' ');
    await createComment(server.services, ada.viewer, { articleId: article.id, content });
    expect(await mentionsOf(server.services, people)).toBe(20);
  });

  it('refuses an edit that would mention more than 20 people, keeping the comment', async () => {
    const ada = await newPerson(server.services);
    const article = await newArticle(server.services);
    const people = await mentionable(server.services, 21);
    const comment = await createComment(server.services, ada.viewer, { articleId: article.id, content: 'short' });
    const edit = editComment(server.services, ada.viewer, comment.id, { content: people.map((name) => `@${name}`).join(' ') });
    expect(await refusal(edit)).toEqual({ status: 400, message: 'A comment can mention at most 20 people.' });
    expect(await server.services.db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toMatchObject({ content: 'short' });
  });

  it('refuses a share note or a shared page’s note that mentions 21 people, before sharing or fetching anything', async () => {
    const ada = await newPerson(server.services);
    const article = await newArticle(server.services);
    const people = await mentionable(server.services, 21);
    const note = people.map((name) => `@${name}`).join(' ');
    const message = 'A share note can mention at most 20 people.';

    expect(
      await server.rest('POST', '/social/share', { token: ada.token, body: { articleId: article.id, note, isPublic: true } }),
    ).toMatchObject({ status: 400, body: { error: message } });
    const viaGraphql = await server.graphql(SHARE_ARTICLE, { input: { articleId: articleGid(article.id), note } }, ada.token);
    expect(viaGraphql.body.data.shareArticle).toEqual({ __typename: 'InvalidInputError', message });
    const url = page('page-twitter.html');
    expect(await refusal(sharePage(server.services, ada.viewer, { url, note }))).toEqual({ status: 400, message });
    expect(await server.rest('POST', '/social/share-page', { token: ada.token, body: { url, note } })).toMatchObject({
      status: 400,
      body: { error: message },
    });
    expect(feeds.requestsTo('/fixtures/page-twitter.html?type=text/html')).toEqual([]);
    expect(await server.services.db.share.count({ where: { userId: ada.id } })).toBe(0);
    expect(await mentionsOf(server.services, people)).toBe(0);

    await shareArticle(server.services, ada.viewer, { articleId: article.id, note: note.replace(/ @\S+$/, ''), isPublic: true });
    expect(await mentionsOf(server.services, people)).toBe(20);
  });
});
