import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, type Reader } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { likeArticle, markArticleRead, starArticle } from '../articles/articleState.ts';
import { NotFoundError, InvalidInputError } from '../core/errors.ts';
import { createComment } from '../social/comments.ts';
import { follow as followUser } from '../social/follows.ts';
import { shareArticle } from '../social/shares.ts';
import { FIXTURE_WEEK } from '../topics/fixtureWeek.ts';
import { deleteDigest, firstDigestStatus, generateFirstDigest, getDigest, listDigests } from './digests.ts';
import { DIGEST_READY, generateDigest } from './generateDigest.ts';
import { escapeMarkdown, markdownToPlainText } from './markdown.ts';

const services = await createTestServices();
const withEmail = {
  ...services,
  config: {
    ...services.config,
    email: { postmarkServerToken: 'token', from: 'digest@tidings.test', postmarkApiUrl: 'http://127.0.0.1:9' },
  },
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** The fixture week as stored articles in four feeds; `ids` maps fixture ids to stored ids. */
async function fixtureFeeds(reader: Reader) {
  const feedOf = (id: string) =>
    id.startsWith('mars-1') || id.startsWith('mars-2')
      ? 'Space News'
      : id.startsWith('league')
        ? 'Sports Desk'
        : id.startsWith('other')
          ? 'Odds and Ends'
          : 'Science Daily';
  const ids = new Map<string, string>();
  for (const title of ['Space News', 'Science Daily', 'Sports Desk', 'Odds and Ends']) {
    const feed = await newFeed(services, { title });
    await follow(services, reader.id, feed.id);
    const fixtures = FIXTURE_WEEK.filter((article) => feedOf(article.id) === title);
    const stored = await publish(
      services,
      feed.id,
      fixtures.map((article) => ({
        publishedAt: new Date(Date.now() - 30 * DAY_MS),
        title: article.title,
        content: `<p>${article.text}</p>`,
      })),
    );
    fixtures.forEach((article, index) => ids.set(article.id, stored[index]!.id));
  }
  return ids;
}

async function jobsOf(task: string) {
  return services.db.$queryRaw<{ payload: { to: string; subject: string; text: string } }[]>`
    SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ${task}`;
}

describe('a personal digest of the fixture week', async () => {
  const reader = await newReader(services);
  const friend = await newReader(services);
  const ids = await fixtureFeeds(reader);
  for (const id of ids.values()) await markArticleRead(services, reader.viewer, id);
  // Read 8 days ago: before the week, so not counted.
  await services.db.articleRead.update({
    where: { userId_articleId: { userId: reader.id, articleId: ids.get('other-3')! } },
    data: { readAt: new Date(Date.now() - 8 * DAY_MS) },
  });
  await likeArticle(services, reader.viewer, ids.get('mars-1'));
  await likeArticle(services, reader.viewer, ids.get('league-1'));
  await starArticle(services, reader.viewer, ids.get('battery-1'));
  await shareArticle(services, reader.viewer, { articleId: ids.get('mars-2') });
  await followUser(services, reader.viewer, friend.id);
  const cooking = await newFeed(services, { title: 'Cooking Weekly', url: 'https://cooking.example.org/feed(1).xml' });
  const [recipe] = await publish(services, cooking.id, [{ publishedAt: new Date(), title: 'Bread at home' }]);
  await markArticleRead(services, friend.viewer, recipe!.id);
  await shareArticle(services, friend.viewer, { articleId: recipe!.id });
  await createComment(services, friend.viewer, { articleId: ids.get('mars-2'), content: 'Great launch!' });

  const digest = (await generateDigest(withEmail, {
    userId: reader.id,
    end: new Date(Date.now() + 1000),
    week: '2026-11-29',
    deliver: true,
  }))!;
  const metadata = digest.metadata as Record<string, unknown>;

  it('counts reads, likes, shares and stars of the 7 days before it, by when they happened', () => {
    expect(metadata).toMatchObject({ reads: 13, likes: 2, shares: 1, starred: 1 });
    expect(digest.content).toContain('**13 reads · 2 likes · 1 share · 1 starred**');
    expect(digest.endDate.getTime() - digest.startDate.getTime()).toBe(7 * DAY_MS);
    expect(digest.type).toBe('personal');
  });

  it('lists the topics of what was read with the articles behind them, linked to /article/{id}', () => {
    const topics = metadata.topics as { label: string; articleIds: string[] }[];
    expect(topics.map((topic) => topic.label)).toEqual(['League & Goal', 'Mars & Rocket', 'Recycling & Battery']);
    expect(topics[1]!.articleIds.sort()).toEqual(['mars-1', 'mars-2', 'mars-3', 'mars-4'].map((id) => ids.get(id)).sort());
    expect(digest.content).toContain(`- [Rocket lifts off for Mars](/article/${ids.get('mars-1')}) (*Space News*)`);
    expect(digest.summary).toBe('You read 13 articles, mostly about League & Goal and Mars & Rocket.');
  });

  it('connects a topic only across feeds, and suggests the feed a followed reader read and shared, to subscribe', () => {
    expect(metadata.connections).toEqual(['Mars & Rocket']);
    expect(digest.content).toMatch(/## Topic Connections\n\n- \*\*Mars & Rocket\*\* across 2 feeds: /);
    expect(digest.content).toContain(
      '- [Cooking Weekly](subscribe:https%3A%2F%2Fcooking.example.org%2Ffeed%281%29.xml): read or shared by 1 person you follow',
    );
  });

  it('tells of comments on what the reader shared and of shares by people they follow', () => {
    const name = escapeMarkdown(friend.username);
    expect(digest.content).toContain(`- @${name} commented on [Mars rover mission: what to expect](/article/${ids.get('mars-2')})`);
    expect(digest.content).toContain(`- @${name} shared [Bread at home](/article/${recipe!.id})`);
  });

  it('lists what the people the reader follows shared most, by how many of them', () => {
    expect(digest.content).toContain(
      `## Most shared by people you follow\n\n1. [Bread at home](/article/${recipe!.id}) (*Cooking Weekly*): shared by 1 person you follow`,
    );
  });

  it('notifies its owner, linked to the digest, and e-mails a plain-text version', async () => {
    const notification = await services.db.notification.findFirstOrThrow({ where: { userId: reader.id, type: 'digest' } });
    expect(notification).toMatchObject({ content: DIGEST_READY, link: `/digest/${digest.id}`, read: false });
    const [email] = (await jobsOf('send_email')).filter((job) => job.payload.subject === digest.title);
    expect(email!.payload.to).toBe(`${reader.username}@example.com`);
    expect(email!.payload.text).toContain(`Rocket lifts off for Mars <http://tidings.test/article/${ids.get('mars-1')}>`);
    expect(email!.payload.text).toContain('Cooking Weekly <https://cooking.example.org/feed(1).xml>');
    expect(email!.payload.text).not.toMatch(/<!--|\*\*|\]\(/);
  });

  it('makes one digest per user and week, however often the week is run', async () => {
    const again = await generateDigest(withEmail, { userId: reader.id, end: new Date(), week: '2026-11-29', deliver: true });
    expect(again).toBeNull();
    expect(await services.db.digest.count({ where: { userId: reader.id } })).toBe(1);
    expect(await services.db.notification.count({ where: { userId: reader.id, type: 'digest' } })).toBe(1);
  });
});

describe('an instance digest', () => {
  it('counts reads, shares and active users of the week, with the most shared articles and new feeds', async () => {
    const reader = await newReader(services);
    await services.db.user.update({ where: { id: reader.id }, data: { digestType: 'instance', emailDigests: false } });
    const feed = await newFeed(services, { title: 'Fresh Feed' });
    await follow(services, reader.id, feed.id);
    const [article] = await publish(services, feed.id, [{ publishedAt: new Date(), title: 'Everyone shares this' }]);
    await markArticleRead(services, reader.viewer, article!.id);
    await shareArticle(services, reader.viewer, { articleId: article!.id });
    const totals = await services.db.$queryRaw<{ reads: number; shares: number }[]>`
      SELECT (SELECT count(*)::int FROM "ArticleRead" WHERE "readAt" > now() - interval '7 days') AS reads, (SELECT count(*)::int FROM "Share") AS shares`;
    const digest = (await generateDigest(withEmail, {
      userId: reader.id,
      end: new Date(Date.now() + 1000),
      week: '2026-11-29',
      deliver: true,
    }))!;
    expect(digest.type).toBe('instance');
    expect(digest.metadata).toMatchObject({ totalReads: totals[0]!.reads, totalShares: totals[0]!.shares });
    expect((digest.metadata as { activeUsers: number }).activeUsers).toBeGreaterThanOrEqual(1);
    expect(digest.content).toContain('## Most shared articles');
    expect(digest.content).toContain(`[Everyone shares this](/article/${article!.id})`);
    expect(digest.content).toMatch(/## New feeds\n\n(- .*\n)*- \[Fresh Feed\]\(subscribe:/);
    // emailDigests off: notified, not e-mailed.
    expect(await services.db.notification.count({ where: { userId: reader.id, type: 'digest' } })).toBe(1);
    expect(
      (await jobsOf('send_email')).filter((job) => job.payload.subject === digest.title && job.payload.to.startsWith(reader.username)),
    ).toEqual([]);
  });

  it('skips a scheduled digest of a user who turned digests off', async () => {
    const reader = await newReader(services);
    await services.db.user.update({ where: { id: reader.id }, data: { digestEnabled: false } });
    expect(await generateDigest(services, { userId: reader.id, end: new Date(), week: '2026-11-29', deliver: true })).toBeNull();
  });
});

describe('the first digest', () => {
  it('shows the requirements and refuses to generate until they are met, writing nothing', async () => {
    const reader = await newReader(services);
    expect(await firstDigestStatus(services, reader.viewer)).toEqual({
      hasDigests: false,
      canGenerate: false,
      requirements: {
        feeds: { met: false, current: 0, required: 3 },
        shares: { met: false, current: 0, required: 2 },
        likes: { met: false, current: 0, required: 1 },
      },
    });
    await expect(generateFirstDigest(services, reader.viewer)).rejects.toThrow(InvalidInputError);
    expect(await services.db.digest.count({ where: { userId: reader.id } })).toBe(0);
  });

  it('generates once the requirements are met, without a notification, and never again, even after deleting it', async () => {
    const reader = await newReader(services);
    const feeds = await Promise.all([1, 2, 3].map(() => newFeed(services)));
    for (const feed of feeds) await follow(services, reader.id, feed.id);
    const [article, second] = await publish(services, feeds[0]!.id, [
      { publishedAt: new Date(), title: 'First read' },
      { publishedAt: new Date(), title: 'Second read' },
    ]);
    await likeArticle(services, reader.viewer, article!.id);
    await shareArticle(services, reader.viewer, { articleId: article!.id });
    await shareArticle(services, reader.viewer, { articleId: second!.id });
    expect(await firstDigestStatus(services, reader.viewer)).toMatchObject({ hasDigests: false, canGenerate: true });
    const digest = await generateFirstDigest(services, reader.viewer);
    expect(digest).toMatchObject({ userId: reader.id, week: null, type: 'personal' });
    expect(await services.db.notification.count({ where: { userId: reader.id, type: 'digest' } })).toBe(0);
    await deleteDigest(services, reader.viewer, digest.id);
    expect(await firstDigestStatus(services, reader.viewer)).toMatchObject({ hasDigests: true, canGenerate: false });
    await expect(generateFirstDigest(services, reader.viewer)).rejects.toThrow('You already have a digest');
  });
});

describe('listing, reading and deleting digests', () => {
  it("pages the viewer's digests newest first, and treats another user's as not found", async () => {
    const [owner, other] = [await newReader(services), await newReader(services)];
    const made = [];
    for (const week of ['2026-11-01', '2026-11-08', '2026-11-15']) {
      made.push((await generateDigest(services, { userId: owner.id, end: new Date(), week, deliver: false }))!);
    }
    const page = await listDigests(services, owner.viewer, { limit: '2', offset: '1' });
    expect(page.digests.map((digest) => digest.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect(page).toMatchObject({ total: 3, hasMore: false });
    expect((await listDigests(services, other.viewer, {})).total).toBe(0);
    await expect(listDigests(services, owner.viewer, { limit: 0 })).rejects.toThrow('limit must be at least 1');
    await expect(listDigests(services, owner.viewer, { offset: -1 })).rejects.toThrow('offset must be at least 0');

    expect((await getDigest(services, owner.viewer, made[0]!.id)).id).toBe(made[0]!.id);
    await expect(getDigest(services, other.viewer, made[0]!.id)).rejects.toThrow(NotFoundError);
    await expect(getDigest(services, owner.viewer, 'not-an-id')).rejects.toThrow(NotFoundError);
    await expect(deleteDigest(services, other.viewer, made[0]!.id)).rejects.toThrow(NotFoundError);
    expect(await services.db.digest.count({ where: { userId: owner.id } })).toBe(3);
    await deleteDigest(services, owner.viewer, made[0]!.id);
    expect(await services.db.digest.count({ where: { userId: owner.id } })).toBe(2);
  });
});

describe('markdownToPlainText', () => {
  it('drops comments and markup and writes links out in full', () => {
    const text = markdownToPlainText('<!-- note -->\n\n## Head\n\n- [A \\[b\\]](/article/1) (*Feed*)', 'https://r.test');
    expect(text).toBe('Head\n====\n\n- A [b] <https://r.test/article/1> (Feed)\n');
  });
});
