import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { likeArticle } from '../articles/articleState.ts';
import { createRule } from '../filters/filterRules.ts';
import { shareArticle } from '../social/shares.ts';
import { exportSubscriptionsOpml } from '../subscriptions/opml.ts';
import { setSubscriptionMuted } from '../subscriptions/subscriptions.ts';
import { gatherArticles, hasArticles } from './gather.ts';
import { exportOptions } from './input.ts';

// Issue 43 in the exports: a book exports what the reader liked and shared, which they kept whatever their rules
// hide (as the liked list keeps it), and the OPML file lists every subscription, muted ones too (they are followed).

const services = await createTestServices();

describe('exports and the reader’s filter rules and muted feeds', () => {
  it('keeps in a book what the reader liked or shared, hidden or not', async () => {
    const reader = await newReader(services);
    const feed = await newFeed(services, { title: 'Markets' });
    await follow(services, reader.id, feed.id);
    const [liked, shared, other] = await publish(services, feed.id, [
      { publishedAt: new Date(Date.now() - 3_600_000), title: 'Crypto coins explained', content: '<p>A primer.</p>' },
      { publishedAt: new Date(Date.now() - 7_200_000), title: 'Crypto crash', content: '<p>Markets fall.</p>' },
      { publishedAt: new Date(Date.now() - 9_000_000), title: 'Crypto again', content: '<p>Neither liked nor shared.</p>' },
    ]);
    await likeArticle(services, reader.viewer, liked!.id);
    await shareArticle(services, reader.viewer, { articleId: shared!.id });
    await createRule(services, reader.viewer, { pattern: 'crypto', fields: ['title'], action: 'hide' });
    expect(await services.db.hiddenArticle.count({ where: { userId: reader.id } })).toBe(3);

    const options = exportOptions.parse({ days: 7, includeLiked: true, includeShared: true });
    const now = new Date(Date.now() + 60_000);
    expect(await hasArticles(services, reader.id, options, now)).toBe(true);
    const titles = (await gatherArticles(services, reader.id, options, now)).map((article) => article.title);
    expect(titles.sort()).toEqual(['Crypto coins explained', 'Crypto crash']);
    expect(titles).not.toContain(other!.title);
  });

  it('lists a muted subscription in the OPML file, in its folder', async () => {
    const reader = await newReader(services);
    const folder = await newFolder(services, reader.id, 'Quiet ones');
    const [loud, quiet] = [await newFeed(services, { title: 'Loud' }), await newFeed(services, { title: 'Muted feed' })];
    await follow(services, reader.id, loud.id);
    await follow(services, reader.id, quiet.id, { folderId: folder.id });
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: quiet.id } });
    await setSubscriptionMuted(services, reader.viewer, subscription.id, { muted: true });

    const { text } = await exportSubscriptionsOpml(services, reader.viewer);
    expect(text).toContain(quiet.url);
    expect(text).toContain(loud.url);
    expect(text).toMatch(/<outline[^>]*text="Quiet ones"[^>]*>\s*<outline[^>]*Muted feed/);
  });
});
