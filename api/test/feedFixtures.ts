import type { Services } from '../src/domain/core/services.ts';

let counter = 0;

/** A stored feed (as if fetched once) and a subscription of `userId` to it. */
export async function subscribeToNewFeed(services: Services, userId: string, options: { title?: string; folderId?: string | null } = {}) {
  counter += 1;
  const feed = await services.db.feed.create({
    data: { url: `https://feeds.example.org/${Date.now().toString(36)}-${counter}.xml`, title: options.title ?? `Feed ${counter}` },
  });
  return services.db.subscription.create({
    data: { userId, feedId: feed.id, folderId: options.folderId ?? null },
    include: { feed: true },
  });
}
