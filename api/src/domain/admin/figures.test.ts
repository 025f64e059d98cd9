import { describe, expect, it } from 'vitest';
import { follow, newFeed } from '../../../test/articleFixtures.ts';
import { signUp } from '../../../test/server.ts';
import { createTestServices } from '../../../test/services.ts';
import { popularFeeds, tableCount } from './figures.ts';

const services = await createTestServices();

describe('popular feeds', () => {
  it('follows subscriptions as they come and go, through the triggers on Subscription', async () => {
    const [ada, bea] = [await signUp(services), await signUp(services)];
    const feed = await newFeed(services, { title: 'Counted' });
    await follow(services, ada.user.id, feed.id);
    await follow(services, bea.user.id, feed.id);
    expect(await popularFeeds(services.db)).toEqual([expect.objectContaining({ id: feed.id, subscriberCount: 2 })]);

    await services.db.subscription.deleteMany({ where: { userId: ada.user.id, feedId: feed.id } });
    expect(await popularFeeds(services.db)).toEqual([expect.objectContaining({ id: feed.id, subscriberCount: 1 })]);

    // Deleting the account cascades to its subscriptions; the feed, without subscribers, leaves the list.
    await services.db.user.delete({ where: { id: bea.user.id } });
    expect(await popularFeeds(services.db)).toEqual([]);

    await services.db.feed.delete({ where: { id: feed.id } });
    expect(await services.db.feedSubscriberCount.count()).toBe(0);
  });
});

describe('table counts', () => {
  it('are exact on a small instance', async () => {
    const before = await tableCount(services.db, 'Feed');
    await newFeed(services);
    expect(await tableCount(services.db, 'Feed')).toBe(before + 1);
  });
});
