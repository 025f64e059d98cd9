import type { Services } from '../src/domain/core/services.ts';
import { follow, newFeed, newFolder, publish } from './articleFixtures.ts';
import type { httpClients } from './server.ts';
import { signUp } from './server.ts';

const HOUR = 3_600_000;

/**
 * A reader app's user for the sync API tests: an API token, a folder "News" holding the feed "Daily News", the feed
 * "A Blog" in no folder, three articles in each, an hour apart and alternating (News 0 newest, then Blog 0 …), and
 * the numbers the sync APIs name them, their feeds and the folder by.
 */
export async function syncReader(services: Services, rest: ReturnType<typeof httpClients>['rest']) {
  const account = await signUp(services);
  const apiToken = (await rest('POST', '/tokens', { token: account.token, body: { name: 'Reader app' } })).body.token as string;
  const folder = await newFolder(services, account.user.id, 'News');
  const news = await newFeed(services, { title: 'Daily News' });
  const blog = await newFeed(services, { title: 'A Blog' });
  await follow(services, account.user.id, news.id, { folderId: folder.id });
  await follow(services, account.user.id, blog.id);
  const base = Date.UTC(2026, 10, 20, 12);
  const newsArticles = await publish(
    services,
    news.id,
    [0, 1, 2].map((i) => ({ publishedAt: new Date(base - i * 2 * HOUR), title: `News ${i}`, author: 'Ann' })),
  );
  const blogArticles = await publish(
    services,
    blog.id,
    [0, 1, 2].map((i) => ({ publishedAt: new Date(base - (i * 2 + 1) * HOUR), title: `Blog ${i}` })),
  );
  const [articles, feeds, folderRow] = await Promise.all([
    services.db.article.findMany({ where: { feedId: { in: [news.id, blog.id] } }, select: { id: true, syncId: true } }),
    services.db.feed.findMany({ where: { id: { in: [news.id, blog.id] } }, select: { id: true, syncId: true } }),
    services.db.folder.findUniqueOrThrow({ where: { id: folder.id }, select: { syncId: true } }),
  ]);
  const numberOf = new Map(articles.map((article) => [article.id, article.syncId]));
  const feedNumber = new Map(feeds.map((feed) => [feed.id, feed.syncId]));
  return {
    ...account,
    apiToken,
    folder,
    news,
    blog,
    newsArticles,
    blogArticles,
    /** Each article's number by its id. */
    numberOf,
    newsNumber: feedNumber.get(news.id)!,
    blogNumber: feedNumber.get(blog.id)!,
    folderNumber: folderRow.syncId,
  };
}
