import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { likeArticle, markArticleRead } from '../articles/articleState.ts';
import { createRule } from '../filters/filterRules.ts';
import { follow as followUser } from '../social/follows.ts';
import { shareArticle } from '../social/shares.ts';
import { setSubscriptionMuted } from '../subscriptions/subscriptions.ts';
import { personalDigest } from './digestContent.ts';
import { personalActivity } from './personalActivity.ts';

// Issue 43 in the personal digest: an article the reader only read and their rules now hide leaves the topics (one
// they liked stays), and what the people they follow shared leaves "Most shared" and the shares of the social section
// when the reader's rules hide it, in a feed they follow (HiddenArticle) or not (their rules for everything).

const services = await createTestServices();
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the personal digest and the reader's filter rules", () => {
  it('leaves out what the rules hide, but what the reader liked', async () => {
    const [reader, friend] = [await newReader(services), await newReader(services)];
    const [followed, other] = [await newFeed(services, { title: 'Followed' }), await newFeed(services, { title: 'Other' })];
    await follow(services, reader.id, followed.id);
    const published = new Date(Date.now() - DAY_MS);
    const [crash, coins, garden] = await publish(services, followed.id, [
      { publishedAt: published, title: 'Crypto crash wipes out savings', content: '<p>Markets fall.</p>' },
      { publishedAt: published, title: 'Crypto coins explained', content: '<p>A primer.</p>' },
      { publishedAt: published, title: 'Garden tips for autumn', content: '<p>Plant bulbs.</p>' },
    ]);
    const [rally, bread] = await publish(services, other.id, [
      { publishedAt: published, title: 'Crypto rally surprises traders', content: '<p>Up again.</p>' },
      { publishedAt: published, title: 'Bread recipe for beginners', content: '<p>Flour, water.</p>' },
    ]);
    for (const article of [crash!, coins!, garden!]) await markArticleRead(services, reader.viewer, article.id);
    await likeArticle(services, reader.viewer, coins!.id);
    await followUser(services, reader.viewer, friend.id);
    for (const article of [crash!, rally!, garden!, bread!]) await shareArticle(services, friend.viewer, { articleId: article.id });

    const week = () => personalActivity(services.db, reader.id, new Date(Date.now() - 7 * DAY_MS), new Date(Date.now() + 60_000));
    const titles = (rows: { title: string }[]) => rows.map((row) => row.title).sort();
    const before = await week();
    expect(titles(before.articles)).toEqual(['Crypto coins explained', 'Crypto crash wipes out savings', 'Garden tips for autumn']);
    expect(titles(before.circleShared)).toHaveLength(4);
    expect(before.social.filter((event) => event.kind === 'share')).toHaveLength(4);

    await createRule(services, reader.viewer, { pattern: 'crypto', fields: ['title'], action: 'hide' });
    const after = await week();
    expect(titles(after.articles)).toEqual(['Crypto coins explained', 'Garden tips for autumn']);
    expect(titles(after.circleShared)).toEqual(['Bread recipe for beginners', 'Garden tips for autumn']);
    expect(titles(after.social.filter((event) => event.kind === 'share'))).toEqual([
      'Bread recipe for beginners',
      'Garden tips for autumn',
    ]);
    // The counts are what the reader did: a rule does not undo it.
    expect(after.counts).toEqual(before.counts);
    const content = personalDigest(after, 'this week').content;
    expect(content).toContain('Garden tips for autumn');
    expect(content).not.toContain('Crypto crash');
    expect(content).not.toContain('Crypto rally');

    // A muted feed is still the reader's reading: what they read there stays in the topics.
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: followed.id } });
    await setSubscriptionMuted(services, reader.viewer, subscription.id, { muted: true });
    expect(titles((await week()).articles)).toEqual(['Crypto coins explained', 'Garden tips for autumn']);
  });
});
