import { daysAgo } from '../src/domain/admin/figures.ts';
import type { Services } from '../src/domain/core/services.ts';
import { follow, newFeed, publish } from './articleFixtures.ts';
import { signUp } from './server.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A small instance whose admin figures are known (on a fresh database): 5 users, of whom 3 used the app this week
 * (admin, ada, bea), 4 this month (+ cy), dan never since signing out; ada, bea and the admin are new this week.
 * Feeds: "Popular" (3 subscribers, 2 articles), "Niche" (1 subscriber, 1 article shared and commented on today:
 * a weak signal), "Broken" (no subscribers, a fetch error). Shares: 1 today, 1 ten days ago; comments: 2 today.
 */
export async function seedSmallInstance(services: Services) {
  const db = services.db;
  const admin = await signUp(services, { admin: true });
  const [ada, bea, cy, dan] = [await signUp(services), await signUp(services), await signUp(services), await signUp(services)];
  const lastUse = async (userId: string, at: Date) => db.session.updateMany({ where: { userId }, data: { lastUsedAt: at } });
  await lastUse(ada.user.id, new Date(Date.now() - HOUR_MS));
  await lastUse(bea.user.id, new Date(Date.now() - 2 * HOUR_MS));
  await lastUse(cy.user.id, daysAgo(10));
  await db.session.deleteMany({ where: { userId: dan.user.id } });
  await db.user.updateMany({ where: { id: { in: [cy.user.id, dan.user.id] } }, data: { createdAt: daysAgo(20) } });

  const popular = await newFeed(services, { title: 'Popular' });
  const niche = await newFeed(services, { title: 'Niche' });
  const broken = await db.feed.update({
    where: { id: (await newFeed(services, { title: 'Broken' })).id },
    data: { fetchError: 'HTTP 500 Internal Server Error' },
  });
  for (const user of [ada, bea, cy]) await follow(services, user.user.id, popular.id);
  await follow(services, ada.user.id, niche.id);
  const [first, second] = await publish(services, popular.id, [{ publishedAt: daysAgo(1) }, { publishedAt: daysAgo(2) }]);
  const [nicheArticle] = await publish(services, niche.id, [{ publishedAt: daysAgo(1) }]);

  await db.share.create({ data: { articleId: nicheArticle!.id, userId: ada.user.id } });
  await db.share.create({ data: { articleId: first!.id, userId: bea.user.id, createdAt: daysAgo(10) } });
  await db.comment.create({ data: { articleId: nicheArticle!.id, userId: bea.user.id, content: 'Worth a look' } });
  await db.comment.create({ data: { articleId: second!.id, userId: ada.user.id, content: 'Agreed' } });
  return { admin, ada, bea, cy, dan, popular, niche, broken };
}
