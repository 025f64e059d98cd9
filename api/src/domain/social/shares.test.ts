import { describe, expect, it } from 'vitest';
import { failingAtCommit, newArticle, newPerson, refusal, socialNotificationsOf, unique } from '../../../test/socialFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { getArticle } from '../articles/listArticles.ts';
import { follow } from './follows.ts';
import { shareArticle, unshare } from './shares.ts';

const services = await createTestServices();
const MISSING = '0190a000-0000-7000-8000-000000000000';

describe('shareArticle', () => {
  it('shares privately by default with the trimmed note, and the article counts it', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const share = await shareArticle(services, ada.viewer, { articleId: article.id, note: '  Worth it  ' });
    expect(share).toMatchObject({ articleId: article.id, userId: ada.id, note: 'Worth it', isPublic: false, user: { id: ada.id } });
    expect((await getArticle(services, ada.viewer, article.id)).counts.shares).toBe(1);
  });

  it('updates the one share on sharing again instead of adding a row', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const first = await shareArticle(services, ada.viewer, { articleId: article.id, note: 'first thoughts', isPublic: false });
    const again = await shareArticle(services, ada.viewer, { articleId: article.id, note: 'second thoughts', isPublic: true });
    expect(again).toMatchObject({ id: first.id, note: 'second thoughts', isPublic: true, createdAt: first.createdAt });
    expect(again.updatedAt.getTime()).toBeGreaterThanOrEqual(first.updatedAt.getTime());
    const rows = await services.db.share.findMany({ where: { articleId: article.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.id, note: 'second thoughts', isPublic: true });
    // Back to private, and a blank note clears it.
    expect(await shareArticle(services, ada.viewer, { articleId: article.id, note: '   ', isPublic: false })).toMatchObject({
      id: first.id,
      note: null,
      isPublic: false,
    });
    expect((await getArticle(services, ada.viewer, article.id)).counts.shares).toBe(1);
  });

  it('keeps one share per person: two people sharing one article make two', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    await shareArticle(services, ada.viewer, { articleId: article.id });
    await shareArticle(services, bob.viewer, { articleId: article.id, isPublic: true });
    expect((await getArticle(services, ada.viewer, article.id)).counts.shares).toBe(2);
  });

  it('accepts a note of exactly 1000 characters', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    expect((await shareArticle(services, ada.viewer, { articleId: article.id, note: 'n'.repeat(1000) })).note).toHaveLength(1000);
  });

  it.each([
    ['a note of 1001 characters', { note: 'n'.repeat(1001) }, 'Note must be at most 1000 characters'],
    ['a note that is not text', { note: 7 }, 'Note must be text'],
    ['a note with a NUL character', { note: 'a\u0000b' }, 'Note cannot contain NUL characters'],
    ['isPublic that is not a boolean', { isPublic: 'yes' }, 'isPublic must be true or false'],
    ['mentions that are not a list', { mentions: 'bob' }, 'Mentions must be a list of usernames'],
  ])('refuses %s with 400 and shares nothing', async (_case, input, message) => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    expect(await refusal(shareArticle(services, ada.viewer, { articleId: article.id, ...input }))).toEqual({ status: 400, message });
    expect(await services.db.share.count({ where: { articleId: article.id } })).toBe(0);
  });

  it.each([MISSING, 'not-an-id'])('answers 404 "Article not found" for article %s', async (articleId) => {
    const ada = await newPerson(services);
    expect(await refusal(shareArticle(services, ada.viewer, { articleId }))).toEqual({ status: 404, message: 'Article not found' });
    expect(await services.db.share.count({ where: { userId: ada.id } })).toBe(0);
  });
});

describe('unshare', () => {
  it('takes back the viewer’s own share, with its notifications', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    const share = await shareArticle(services, ada.viewer, { articleId: article.id, note: `for @${bob.username}`, isPublic: true });
    expect(await socialNotificationsOf(services, bob.id)).toHaveLength(1);
    expect(await unshare(services, ada.viewer, share.id)).toEqual({ id: share.id, userId: ada.id, articleId: article.id });
    expect(await services.db.share.count({ where: { id: share.id } })).toBe(0);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    expect((await getArticle(services, ada.viewer, article.id)).counts.shares).toBe(0);
    expect(await refusal(unshare(services, ada.viewer, share.id))).toEqual({ status: 404, message: 'Share not found' });
  });

  it('refuses another user’s share with 403 and keeps it', async () => {
    const ada = await newPerson(services);
    const mallory = await newPerson(services);
    const article = await newArticle(services);
    const share = await shareArticle(services, ada.viewer, { articleId: article.id, note: 'mine', isPublic: true });
    expect(await refusal(unshare(services, mallory.viewer, share.id))).toEqual({
      status: 403,
      message: 'You can only unshare your own shares',
    });
    expect(await services.db.share.findUnique({ where: { id: share.id } })).toMatchObject({ note: 'mine', isPublic: true });
  });

  it.each([MISSING, 'garbage'])('answers 404 "Share not found" for %s', async (id) => {
    const ada = await newPerson(services);
    expect(await refusal(unshare(services, ada.viewer, id))).toEqual({ status: 404, message: 'Share not found' });
  });
});

describe('share note mentions', () => {
  it('notifies each user the note mentions once, with share_mention, and never the sharer', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const cy = await newPerson(services);
    const article = await newArticle(services, { title: 'Harbour lights' });
    const share = await shareArticle(services, ada.viewer, {
      articleId: article.id,
      note: `@${bob.username}, @${cy.username}! and @${bob.username} again, also me: @${ada.username}`,
      isPublic: true,
    });
    for (const person of [bob, cy]) {
      expect(await socialNotificationsOf(services, person.id)).toEqual([
        expect.objectContaining({
          type: 'share_mention',
          fromUserId: ada.id,
          shareId: share.id,
          commentId: null,
          content: `@${ada.username} mentioned you when sharing "Harbour lights"`,
        }),
      ]);
    }
    expect(await socialNotificationsOf(services, ada.id)).toEqual([]);
  });

  it('notifies nobody again when the same note is shared again, and only a newly named user after an edit', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const cy = await newPerson(services);
    const article = await newArticle(services);
    // Followers: they may see ada's private shares.
    for (const person of [bob, cy]) await follow(services, person.viewer, ada.id);
    await shareArticle(services, ada.viewer, { articleId: article.id, note: `cc @${bob.username}` });
    await shareArticle(services, ada.viewer, { articleId: article.id, note: `cc @${bob.username}` });
    await shareArticle(services, ada.viewer, { articleId: article.id, note: `cc @${bob.username}`, isPublic: true });
    expect(await socialNotificationsOf(services, bob.id)).toHaveLength(1);
    await shareArticle(services, ada.viewer, { articleId: article.id, note: `cc @${bob.username.toUpperCase()} and @${cy.username}` });
    expect(await socialNotificationsOf(services, bob.id)).toHaveLength(1);
    expect(await socialNotificationsOf(services, cy.id)).toEqual([expect.objectContaining({ type: 'share_mention', fromUserId: ada.id })]);
  });

  it('ignores names sent in `mentions` that the note does not contain, unknown names and e-mail addresses', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const dee = await newPerson(services);
    const article = await newArticle(services);
    await shareArticle(services, ada.viewer, {
      articleId: article.id,
      note: `write to someone@${dee.username}.org, or @nobody_${unique('x')}`,
      // What a client that reads '@' + word characters would send for this note, plus a name not in it.
      mentions: [dee.username, bob.username],
    });
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    expect(await socialNotificationsOf(services, dee.id)).toEqual([]);
  });

  it('writes the share and its notifications in one transaction: if it fails, none exists and nothing is announced', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    const failing = failingAtCommit(services);
    await expect(shareArticle(failing, ada.viewer, { articleId: article.id, note: `@${bob.username}` })).rejects.toThrow('commit failed');
    expect(await services.db.share.count({ where: { articleId: article.id } })).toBe(0);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    expect(failing.announced).toEqual([]);
  });

  it('creates no notification when sharing fails', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    expect((await refusal(shareArticle(services, ada.viewer, { articleId: MISSING, note: `@${bob.username}` }))).status).toBe(404);
    const article = await newArticle(services);
    expect(
      (await refusal(shareArticle(services, ada.viewer, { articleId: article.id, note: `@${bob.username} ${'x'.repeat(1000)}` }))).status,
    ).toBe(400);
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
  });
});

describe('share note mentions and who may see the share', () => {
  it('tells a mentioned non-follower only once the share is public, and once', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const article = await newArticle(services);
    await shareArticle(services, ada.viewer, { articleId: article.id, note: `cc @${bob.username}` });
    expect(await socialNotificationsOf(services, bob.id)).toEqual([]);
    await shareArticle(services, ada.viewer, { articleId: article.id, note: `cc @${bob.username}`, isPublic: true });
    await shareArticle(services, ada.viewer, { articleId: article.id, note: `cc @${bob.username}`, isPublic: true });
    expect(await socialNotificationsOf(services, bob.id)).toEqual([expect.objectContaining({ type: 'share_mention', fromUserId: ada.id })]);
  });
});
