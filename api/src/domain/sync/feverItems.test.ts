import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, timeline } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { feverItems } from './feverItems.ts';

// Fever's total_items: the articles of the feeds the viewer follows, from the counts the Article triggers keep.

const services = await createTestServices();
const T0 = new Date('2025-09-01T06:00:00.000Z');

describe("Fever's total_items", () => {
  it('follows articles stored and deleted, and counts only the followed feeds', async () => {
    const ada = await newReader(services);
    const [followed, other, unfollowed] = [await newFeed(services), await newFeed(services), await newFeed(services)];
    await publish(services, followed.id, timeline(4, { newest: T0, prefix: 'A' }));
    await publish(services, other.id, timeline(3, { newest: T0, prefix: 'B' }));
    await publish(services, unfollowed.id, timeline(5, { newest: T0, prefix: 'C' }));
    await follow(services, ada.id, followed.id);
    await follow(services, ada.id, other.id);
    const total = async () => (await feverItems(services, ada.viewer, {})).total;
    expect(await total()).toBe(7);

    const [newest] = await publish(services, followed.id, timeline(2, { newest: new Date(T0.getTime() + 3_600_000), prefix: 'D' }));
    expect(await total()).toBe(9);
    await services.db.article.delete({ where: { id: newest!.id } });
    expect(await total()).toBe(8);
    // A feed deleted takes its articles and their count.
    await services.db.feed.delete({ where: { id: other.id } });
    expect(await total()).toBe(5);
    expect(
      await services.db.feedArticleCount.findMany({ where: { feedId: { in: [followed.id, unfollowed.id] } }, orderBy: { count: 'asc' } }),
    ).toEqual([
      { feedId: followed.id, count: 5 },
      { feedId: unfollowed.id, count: 5 },
    ]);
    expect((await feverItems(services, (await newReader(services)).viewer, {})).total).toBe(0);
  });
});
