import { describe, expect, it } from 'vitest';
import { newArticle, newPerson, socialNotificationCount, socialNotificationsOf, type Person } from '../../test/socialFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { shareArticle } from '../domain/social/shares.ts';

const server = await startTestServer();
const { services, rest } = server;
const MISSING = '0190a000-0000-7000-8000-000000000000';

const post = (person: Person, body: unknown) => rest('POST', '/comments', { token: person.token, body });
const commentIds = async (person: Person, articleId: string) =>
  (await rest('GET', `/comments/article/${articleId}`, { token: person.token })).body.comments.map((c: { id: string }) => c.id);
const commentCount = async (person: Person, articleId: string) =>
  (await rest('GET', `/articles/${articleId}`, { token: person.token })).body.article._count.comments;

describe('REST comments when signed out', () => {
  it.each([
    ['POST', '/comments'],
    ['GET', `/comments/article/${MISSING}`],
    ['PATCH', `/comments/${MISSING}`],
    ['DELETE', `/comments/${MISSING}`],
  ])('%s %s answers 401', async (method, path) => {
    const response = await rest(
      method,
      path,
      method === 'POST' || method === 'PATCH' ? { body: { content: 'hi', articleId: MISSING } } : {},
    );
    expect(response).toMatchObject({ status: 401, body: { error: 'Authentication required' } });
  });

  it('answers 401 to a revoked token and stores nothing', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    await rest('POST', '/auth/logout', { token: ada.token });
    expect(await post(ada, { articleId: article.id, content: 'late' })).toMatchObject({
      status: 401,
      body: { error: 'Session expired. Please login again.' },
    });
    expect(await services.db.comment.count({ where: { articleId: article.id } })).toBe(0);
  });
});

describe('POST /api/comments', () => {
  it('answers 201 with the comment in the spec’s shape', async () => {
    const ada = await newPerson(services, { displayName: 'Ada' });
    const bob = await newPerson(services);
    const article = await newArticle(services, { title: 'Shape of things' });
    const response = await post(ada, {
      articleId: article.id,
      content: `  Hello @${bob.username}: see https://example.org/feed  `,
      mentions: [bob.username],
    });
    expect(response.status).toBe(201);
    expect(response.body.comment).toEqual({
      id: expect.any(String),
      content: `Hello @${bob.username}: see https://example.org/feed`,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      user: { id: ada.id, username: ada.username, displayName: 'Ada', avatar: null },
      article: { id: article.id, title: 'Shape of things' },
      links: JSON.stringify([{ url: 'https://example.org/feed', title: null, feedUrl: null }]),
      mentions: [bob.username],
    });
    expect(await commentCount(ada, article.id)).toBe(1);
  });

  it.each([
    ['blank content', { content: '   ' }, 'Comment cannot be empty'],
    ['no content', {}, 'Comment must be text'],
    ['5001 characters', { content: 'a'.repeat(5001) }, 'Comment must be at most 5000 characters'],
    ['mentions that are not a list', { content: 'hi', mentions: 'bob' }, 'Mentions must be a list of usernames'],
    ['a NUL character, which PostgreSQL cannot store', { content: 'nul\u0000here' }, 'Comment cannot contain NUL characters'],
  ])('answers 400 for %s and stores nothing', async (_case, body, error) => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    expect(await post(ada, { articleId: article.id, ...body })).toMatchObject({ status: 400, body: { error } });
    expect(await commentIds(ada, article.id)).toEqual([]);
  });

  it('answers 400 for a body that is not an object', async () => {
    const ada = await newPerson(services);
    expect(await post(ada, '"just text"')).toMatchObject({ status: 400, body: { error: 'The request body must be a JSON object' } });
  });

  it('accepts 5000 characters', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const response = await post(ada, { articleId: article.id, content: 'b'.repeat(5000) });
    expect(response.status).toBe(201);
    expect(response.body.comment.content).toHaveLength(5000);
  });

  it.each([MISSING, 'nope'])('answers 404 "Article not found" for article %s and notifies nobody', async (articleId) => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const before = await socialNotificationCount(services);
    expect(await post(ada, { articleId, content: `@${bob.username} hi`, mentions: [bob.username] })).toMatchObject({
      status: 404,
      body: { error: 'Article not found' },
    });
    expect(await socialNotificationCount(services)).toBe(before);
  });
});

describe('GET /api/comments/article/:id', () => {
  it('lists the article’s comments newest first', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    const ids: string[] = [];
    for (const [person, content] of [
      [ada, 'one'],
      [bob, 'two'],
      [ada, 'three'],
    ] as const) {
      ids.push((await post(person, { articleId: article.id, content })).body.comment.id);
    }
    const response = await rest('GET', `/comments/article/${article.id}`, { token: bob.token });
    expect(response.status).toBe(200);
    expect(response.body.comments.map((c: { content: string }) => c.content)).toEqual(['three', 'two', 'one']);
    expect(response.body.comments.map((c: { id: string }) => c.id)).toEqual(ids.reverse());
    expect(response.body.comments[1].user.id).toBe(bob.id);
  });

  it('answers 404 "Article not found" for an unknown article', async () => {
    const ada = await newPerson(services);
    expect(await rest('GET', `/comments/article/${MISSING}`, { token: ada.token })).toMatchObject({
      status: 404,
      body: { error: 'Article not found' },
    });
  });
});

describe('PATCH /api/comments/:id', () => {
  it('edits the author’s comment with the same rules as creating one', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const { id } = (await post(ada, { articleId: article.id, content: 'first draft' })).body.comment;
    const patch = (content: unknown) => rest('PATCH', `/comments/${id}`, { token: ada.token, body: { content } });
    expect(await patch('  ')).toMatchObject({ status: 400, body: { error: 'Comment cannot be empty' } });
    expect(await patch('c'.repeat(5001))).toMatchObject({ status: 400, body: { error: 'Comment must be at most 5000 characters' } });
    const listed = await rest('GET', `/comments/article/${article.id}`, { token: ada.token });
    expect(listed.body.comments[0].content).toBe('first draft');
    const edited = await patch('  second draft ');
    expect(edited).toMatchObject({ status: 200, body: { comment: { id, content: 'second draft', user: { id: ada.id } } } });
    expect(await patch('d'.repeat(5000))).toMatchObject({ status: 200 });
  });

  it('answers 403 for someone else’s comment and changes nothing', async () => {
    const ada = await newPerson(services);
    const mallory = await newPerson(services);
    const article = await newArticle(services);
    const { id } = (await post(ada, { articleId: article.id, content: 'original' })).body.comment;
    expect(await rest('PATCH', `/comments/${id}`, { token: mallory.token, body: { content: 'defaced' } })).toMatchObject({
      status: 403,
      body: { error: 'You can only change your own comments' },
    });
    expect((await rest('GET', `/comments/article/${article.id}`, { token: ada.token })).body.comments[0].content).toBe('original');
  });

  it('answers 404 "Comment not found" for an unknown comment', async () => {
    const ada = await newPerson(services);
    expect(await rest('PATCH', `/comments/${MISSING}`, { token: ada.token, body: { content: 'x' } })).toMatchObject({
      status: 404,
      body: { error: 'Comment not found' },
    });
  });
});

describe('DELETE /api/comments/:id', () => {
  it('deletes the author’s comment: 204, gone from the list and the count', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const keep = (await post(ada, { articleId: article.id, content: 'keep' })).body.comment.id;
    const drop = (await post(ada, { articleId: article.id, content: 'drop' })).body.comment.id;
    expect(await commentCount(ada, article.id)).toBe(2);
    const response = await rest('DELETE', `/comments/${drop}`, { token: ada.token });
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
    expect(await commentIds(ada, article.id)).toEqual([keep]);
    expect(await commentCount(ada, article.id)).toBe(1);
    expect(await rest('DELETE', `/comments/${drop}`, { token: ada.token })).toMatchObject({
      status: 404,
      body: { error: 'Comment not found' },
    });
  });

  it('answers 403 for someone else’s comment and keeps it', async () => {
    const ada = await newPerson(services);
    const mallory = await newPerson(services);
    const article = await newArticle(services);
    const { id } = (await post(ada, { articleId: article.id, content: 'mine' })).body.comment;
    expect(await rest('DELETE', `/comments/${id}`, { token: mallory.token })).toMatchObject({
      status: 403,
      body: { error: 'You can only change your own comments' },
    });
    expect(await commentIds(ada, article.id)).toEqual([id]);
  });
});

describe('mentions in comments, end to end', async () => {
  const ada = await newPerson(services, { username: 'ada' });
  const bob = await newPerson(services, { username: 'bob', displayName: 'Bob' });
  const maryJane = await newPerson(services, { username: 'mary-jane' });
  const mary = await newPerson(services, { username: 'mary' });
  const mixed = await newPerson(services, { username: 'MixedCase' });
  const example = await newPerson(services, { username: 'example' });
  const bystanders = [bob, maryJane, mary, mixed, example];

  /** Ada comments on a fresh article; answers the comment id and who got which social notification for it. */
  async function comment(content: string, mentions?: string[]) {
    const article = await newArticle(services, { title: 'Mentions' });
    const response = await post(ada, { articleId: article.id, content, ...(mentions ? { mentions } : {}) });
    expect(response.status).toBe(201);
    const id: string = response.body.comment.id;
    const rows = await services.db.notification.findMany({ where: { commentId: id }, select: { userId: true, type: true } });
    const byId = new Map([ada, ...bystanders].map((person) => [person.id, person.username]));
    return { id, article, notified: rows.map((row) => `${byId.get(row.userId)}:${row.type}`).sort() };
  }

  it('finds names wrapped in punctuation', async () => {
    expect((await comment('(@bob), "@mary-jane"! and @mary.')).notified).toEqual([
      'bob:comment_mention',
      'mary-jane:comment_mention',
      'mary:comment_mention',
    ]);
  });

  it('notifies nobody for an unknown username', async () => {
    const before = await socialNotificationCount(services);
    expect((await comment('@ghost_writer @nobody-here hello', ['ghost_writer'])).notified).toEqual([]);
    expect(await socialNotificationCount(services)).toBe(before);
  });

  it('notifies a user named several times once', async () => {
    expect((await comment('@bob @bob and again @BOB, @bob', ['bob', 'bob', 'BOB'])).notified).toEqual(['bob:comment_mention']);
  });

  it('never notifies the author for mentioning themselves', async () => {
    expect((await comment('note to self @ada and @Ada', ['ada'])).notified).toEqual([]);
  });

  it('does not read e-mail addresses as mentions, even when the client sends the name', async () => {
    // A client that reads a mention as '@' + word characters sends 'example' for this text.
    expect((await comment('write to bob@example.org or someone@Example.com', ['example'])).notified).toEqual([]);
  });

  it('matches usernames case-insensitively', async () => {
    expect((await comment('@mixedcase and @BOB')).notified).toEqual(['MixedCase:comment_mention', 'bob:comment_mention']);
  });

  it('ignores names sent in `mentions` that the text does not mention', async () => {
    expect((await comment('nobody named here', ['bob', 'mary'])).notified).toEqual([]);
    expect((await comment('only @mary here', ['bob', 'mary'])).notified).toEqual(['mary:comment_mention']);
  });

  it('answers as `mentions` the accounts the text names, as they spell their usernames, and no other @word', async () => {
    const article = await newArticle(services);
    const response = await post(ada, { articleId: article.id, content: '@MARY-JANE, @ghost_writer and @mixedcase' });
    expect(response.body.comment.mentions).toEqual(['mary-jane', 'MixedCase']);
    const listed = await rest('GET', `/comments/article/${article.id}`, { token: ada.token });
    expect(listed.body.comments[0].mentions).toEqual(['mary-jane', 'MixedCase']);
  });

  it('reads hyphenated usernames whole', async () => {
    // '@mary-jane' names mary-jane, not mary, even when a client sends the 'mary' its \w+ parse found.
    expect((await comment('thanks @mary-jane!', ['mary'])).notified).toEqual(['mary-jane:comment_mention']);
    expect((await comment('thanks @mary-', ['mary'])).notified).toEqual(['mary:comment_mention']);
  });

  it('notifies a mentioned user once per comment, each notification naming its comment and article', async () => {
    const before = (await socialNotificationsOf(services, example.id)).length;
    const first = await comment('@example first');
    const second = await comment('@example second');
    const mine = (await socialNotificationsOf(services, example.id)).slice(before);
    expect(mine.map((n) => [n.type, n.commentId, n.fromUserId])).toEqual([
      ['comment_mention', first.id, ada.id],
      ['comment_mention', second.id, ada.id],
    ]);
    const listed = await rest('GET', '/notifications?limit=2', { token: example.token });
    expect(listed.body.notifications[0]).toEqual({
      id: mine[1]!.id,
      type: 'comment_mention',
      content: '@ada mentioned you in a comment on "Mentions"',
      link: null,
      read: false,
      createdAt: expect.any(String),
      fromUser: { id: ada.id, username: 'ada', displayName: null, avatar: null },
      share: null,
      comment: { id: second.id, article: { id: second.article.id, title: 'Mentions' } },
    });
  });

  it('tells the article’s sharers, but not the author nor a sharer already notified as mentioned', async () => {
    const article = await newArticle(services, { title: 'Shared story' });
    for (const sharer of [ada, bob, mary, maryJane]) await shareArticle(services, sharer.viewer, { articleId: article.id, note: 'good' });
    const response = await post(ada, { articleId: article.id, content: 'What does @mary-jane think?' });
    const rows = await services.db.notification.findMany({
      where: { commentId: response.body.comment.id },
      select: { userId: true, type: true, content: true },
    });
    expect(rows.map((row) => [row.userId, row.type]).sort()).toEqual(
      [
        [bob.id, 'comment_on_share'],
        [mary.id, 'comment_on_share'],
        [maryJane.id, 'comment_mention'],
      ].sort(),
    );
    expect(rows.find((row) => row.userId === bob.id)!.content).toBe('@ada commented on "Shared story", which you shared');
    const unread = async (person: Person) => (await rest('GET', '/notifications', { token: person.token })).body.unreadCount;
    const bobUnread = await unread(bob);
    await post(bob, { articleId: article.id, content: 'I agree' });
    // Bob's own comment tells the other sharers, not Bob.
    expect(await unread(bob)).toBe(bobUnread);
    expect((await socialNotificationsOf(services, ada.id)).filter((n) => n.type === 'comment_on_share')).toHaveLength(1);
  });
});
