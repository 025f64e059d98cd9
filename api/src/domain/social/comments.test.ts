import { describe, expect, it } from 'vitest';
import {
  failingAtCommit,
  newArticle,
  newPerson,
  refusal,
  socialNotificationCount,
  socialNotificationsOf,
} from '../../../test/socialFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { getArticle } from '../articles/listArticles.ts';
import type { Services } from '../core/services.ts';
import { createComment, deleteComment, editComment, listComments } from './comments.ts';
import { shareArticle } from './shares.ts';

const services = await createTestServices();
const MISSING = '0190a000-0000-7000-8000-000000000000';

async function detectJobsFor(commentId: string): Promise<number> {
  const [row] = await services.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'detect_comment_links' AND j.payload->>'commentId' = ${commentId}`;
  return row!.n;
}

describe('createComment', () => {
  it('stores the trimmed text with its author and article, and the article counts it', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services, { title: 'Tides' });
    const comment = await createComment(services, ada.viewer, { articleId: article.id, content: '  Lovely read.\n ' });
    expect(comment).toMatchObject({
      content: 'Lovely read.',
      user: { id: ada.id, username: ada.username },
      article: { id: article.id, title: 'Tides' },
      links: [],
    });
    expect((await getArticle(services, ada.viewer, article.id)).counts.comments).toBe(1);
  });

  it.each([
    ['blank', ' \n\t ', 'Comment cannot be empty'],
    ['empty', '', 'Comment cannot be empty'],
    ['5001 characters', 'x'.repeat(5001), 'Comment must be at most 5000 characters'],
    ['not text', 42, 'Comment must be text'],
    ['NUL', 'a\u0000b', 'Comment cannot contain NUL characters'],
  ])('refuses a %s comment with 400 and stores nothing', async (_case, content, message) => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const attempt = createComment(services, ada.viewer, { articleId: article.id, content });
    expect(await refusal(attempt)).toEqual({ status: 400, message });
    expect(await services.db.comment.count({ where: { articleId: article.id } })).toBe(0);
  });

  it('accepts exactly 5000 characters, and counts them after trimming', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const longest = await createComment(services, ada.viewer, { articleId: article.id, content: 'y'.repeat(5000) });
    expect(longest.content).toHaveLength(5000);
    const padded = await createComment(services, ada.viewer, { articleId: article.id, content: `  ${'z'.repeat(5000)}  ` });
    expect(padded.content).toBe('z'.repeat(5000));
  });

  it.each([
    ['an unknown article', MISSING],
    ['a malformed article id', 'not-a-uuid'],
  ])('answers 404 "Article not found" for %s and notifies nobody', async (_case, articleId) => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const before = await socialNotificationCount(services);
    expect(await refusal(createComment(services, ada.viewer, { articleId, content: `@${bob.username} look` }))).toEqual({
      status: 404,
      message: 'Article not found',
    });
    expect(await socialNotificationCount(services)).toBe(before);
    expect(await services.db.comment.count({ where: { userId: ada.id } })).toBe(0);
  });

  it('queues link detection for a comment with links, in its transaction, and none without', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const linked = await createComment(services, ada.viewer, { articleId: article.id, content: 'Try https://blog.example.org/feed.' });
    expect(linked.links).toEqual([{ url: 'https://blog.example.org/feed', title: null, feedUrl: null, pending: true }]);
    expect(await detectJobsFor(linked.id)).toBe(1);
    const plain = await createComment(services, ada.viewer, { articleId: article.id, content: 'No links here' });
    expect(await detectJobsFor(plain.id)).toBe(0);
  });

  it('leaves neither the comment nor its notifications when the transaction fails after writing them', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const sharer = await newPerson(services);
    const article = await newArticle(services);
    await shareArticle(services, sharer.viewer, { articleId: article.id });
    const published: string[] = [];
    // A job queue that fails: it runs last in createComment's transaction, after the notifications are written.
    const failing: Services = {
      ...services,
      jobs: { add: async () => Promise.reject(new Error('queue unavailable')) },
      events: { ...services.events, publish: (_channel, userId) => void published.push(userId) },
    };
    const attempt = createComment(failing, ada.viewer, { articleId: article.id, content: `@${bob.username} see https://example.org/x` });
    await expect(attempt).rejects.toThrow('queue unavailable');
    expect(await services.db.comment.count({ where: { articleId: article.id } })).toBe(0);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    expect(await socialNotificationsOf(services, sharer.id)).toEqual([]);
    expect(published).toEqual([]);
  });

  it('writes the comment and its notifications in one transaction: if it fails, none exists and nothing is announced', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const sharer = await newPerson(services);
    const article = await newArticle(services);
    await shareArticle(services, sharer.viewer, { articleId: article.id });
    const failing = failingAtCommit(services);
    await expect(createComment(failing, ada.viewer, { articleId: article.id, content: `@${bob.username} hello` })).rejects.toThrow(
      'commit failed',
    );
    expect(await services.db.comment.count({ where: { articleId: article.id } })).toBe(0);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    expect(await socialNotificationsOf(services, sharer.id)).toEqual([]);
    expect(failing.announced).toEqual([]);
  });

  it('announces each notification only after it is committed', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    const visibleWhenAnnounced: boolean[] = [];
    const watching: Services = {
      ...services,
      events: {
        ...services.events,
        // Another connection looks the notification up the moment it is announced.
        publish: (_channel, _userId, payload) => {
          if (!('notificationId' in payload)) return;
          void services.db.notification
            .findUnique({ where: { id: payload.notificationId } })
            .then((row) => visibleWhenAnnounced.push(row !== null));
        },
      },
    };
    await createComment(watching, ada.viewer, { articleId: article.id, content: `Hi @${bob.username}` });
    await expect.poll(() => visibleWhenAnnounced).toEqual([true]);
  });
});

describe('listComments', () => {
  it('lists an article’s comments newest first with their authors', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    const other = await newArticle(services);
    const first = await createComment(services, ada.viewer, { articleId: article.id, content: 'first' });
    const second = await createComment(services, bob.viewer, { articleId: article.id, content: 'second' });
    const third = await createComment(services, ada.viewer, { articleId: article.id, content: 'third' });
    await createComment(services, ada.viewer, { articleId: other.id, content: 'elsewhere' });
    const listed = (await listComments(services, bob.viewer, article.id, {})).items;
    expect(listed.map((comment) => comment.id)).toEqual([third.id, second.id, first.id]);
    expect(listed[1]!.user).toMatchObject({ id: bob.id, username: bob.username });
  });

  it('answers 404 for an unknown article', async () => {
    const ada = await newPerson(services);
    expect(await refusal(listComments(services, ada.viewer, MISSING, {}))).toEqual({ status: 404, message: 'Article not found' });
  });
});

describe('editComment', () => {
  it('changes the author’s comment to the trimmed text and detects its new links', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const comment = await createComment(services, ada.viewer, { articleId: article.id, content: 'draft' });
    const edited = await editComment(services, ada.viewer, comment.id, { content: '  final https://news.example.org/  ' });
    expect(edited).toMatchObject({ id: comment.id, content: 'final https://news.example.org/' });
    expect(edited.links).toEqual([{ url: 'https://news.example.org/', title: null, feedUrl: null, pending: true }]);
    expect(await detectJobsFor(comment.id)).toBe(1);
    expect((await listComments(services, ada.viewer, article.id, {})).items).toHaveLength(1);
  });

  it.each([
    ['blank', '   ', 'Comment cannot be empty'],
    ['5001 characters', 'q'.repeat(5001), 'Comment must be at most 5000 characters'],
  ])('refuses a %s edit with 400 and keeps the text', async (_case, content, message) => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const comment = await createComment(services, ada.viewer, { articleId: article.id, content: 'keep me' });
    expect(await refusal(editComment(services, ada.viewer, comment.id, { content }))).toEqual({ status: 400, message });
    expect((await services.db.comment.findUniqueOrThrow({ where: { id: comment.id } })).content).toBe('keep me');
  });

  it('accepts an edit of exactly 5000 characters', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const comment = await createComment(services, ada.viewer, { articleId: article.id, content: 'short' });
    expect((await editComment(services, ada.viewer, comment.id, { content: 'e'.repeat(5000) })).content).toHaveLength(5000);
  });

  it('refuses someone else’s comment with 403 and changes nothing', async () => {
    const ada = await newPerson(services);
    const mallory = await newPerson(services);
    const article = await newArticle(services);
    const comment = await createComment(services, ada.viewer, { articleId: article.id, content: 'mine' });
    const before = await services.db.comment.findUniqueOrThrow({ where: { id: comment.id } });
    expect(await refusal(editComment(services, mallory.viewer, comment.id, { content: 'hijacked' }))).toEqual({
      status: 403,
      message: 'You can only change your own comments',
    });
    expect(await services.db.comment.findUniqueOrThrow({ where: { id: comment.id } })).toEqual(before);
  });

  it.each([MISSING, 'nope'])('answers 404 "Comment not found" for %s', async (id) => {
    const ada = await newPerson(services);
    expect(await refusal(editComment(services, ada.viewer, id, { content: 'x' }))).toEqual({ status: 404, message: 'Comment not found' });
  });
});

describe('deleteComment', () => {
  it('deletes the author’s comment, its notifications with it, and the count drops', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    const comment = await createComment(services, ada.viewer, { articleId: article.id, content: `bye @${bob.username}` });
    expect(await socialNotificationsOf(services, bob.id)).toHaveLength(1);
    expect(await deleteComment(services, ada.viewer, comment.id)).toEqual({ id: comment.id, articleId: article.id, userId: ada.id });
    expect((await listComments(services, ada.viewer, article.id, {})).items).toEqual([]);
    expect((await getArticle(services, ada.viewer, article.id)).counts.comments).toBe(0);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    expect(await refusal(deleteComment(services, ada.viewer, comment.id))).toEqual({ status: 404, message: 'Comment not found' });
  });

  it('refuses someone else’s comment with 403 and keeps it', async () => {
    const ada = await newPerson(services);
    const mallory = await newPerson(services);
    const article = await newArticle(services);
    const comment = await createComment(services, ada.viewer, { articleId: article.id, content: 'still here' });
    expect(await refusal(deleteComment(services, mallory.viewer, comment.id))).toEqual({
      status: 403,
      message: 'You can only change your own comments',
    });
    expect(await services.db.comment.count({ where: { id: comment.id } })).toBe(1);
  });
});
