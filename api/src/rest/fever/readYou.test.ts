import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publish, timeline } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// Read You 0.15 (github.com/Ashinch/ReadYou), its Fever account, its requests replayed as
// app/src/main/java/me/ash/reader/infrastructure/rss/provider/fever/FeverAPI.kt sends them and
// domain/service/FeverRssService.kt uses them (validCredentials, sync, markAsRead, markAsStarred). Every call is a
// POST to the server address exactly as typed plus `?api=&<call>`, with api_key = md5("username:password") as its
// only form field; marks go in the address too.

const server = await startTestServer();
const { services, rest, url } = server;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
// markAsRead without a date: `(Date(Long.MAX_VALUE).time) / 1000`.
const NO_BEFORE = String(9223372036854775807n / 1000n);

type Common = { api_version?: number; auth?: number; last_refreshed_on_time?: number };
type FeedsGroups = { group_id?: number; feed_ids?: string }[];
type Item = {
  id?: string;
  feed_id?: number;
  title?: string;
  author?: string;
  html?: string;
  url?: string;
  is_saved?: number;
  is_read?: number;
  created_on_time?: number;
};

function readYouFever(serverUrl: string, username: string, password: string) {
  const apiKey = md5(`${username}:${password}`);
  async function postRequest<T extends Common>(query: string | null): Promise<T> {
    const response = await fetch(`${serverUrl}?api=&${query ?? ''}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: apiKey }).toString(),
    });
    expect({ query, status: response.status }).toEqual({ query, status: 200 });
    const body = (await response.json()) as T;
    // checkAuth(): every answer but validCredentials' must say auth > 0.
    if (query !== null) expect({ query, auth: body.auth }).toEqual({ query, auth: 1 });
    return body;
  }
  return {
    validCredentials: async () => ((await postRequest<Common>(null)).auth ?? 0) > 0,
    getGroups: () => postRequest<Common & { groups?: { id?: number; title?: string }[]; feeds_groups?: FeedsGroups }>('groups'),
    getFeeds: () =>
      postRequest<Common & { feeds?: { id?: number; title?: string; url?: string; favicon_id?: number }[]; feeds_groups?: FeedsGroups }>(
        'feeds',
      ),
    getFavicons: () => postRequest<Common & { favicons?: { id: number; data?: string }[] }>('favicons'),
    getItemsSince: (id: string) => postRequest<Common & { items?: Item[]; total_items?: number }>(`items&since_id=${id}`),
    getUnreadItems: () => postRequest<Common & { unread_item_ids?: string }>('unread_item_ids'),
    getSavedItems: () => postRequest<Common & { saved_item_ids?: string }>('saved_item_ids'),
    markItem: (status: 'read' | 'unread' | 'saved' | 'unsaved', id: string) => postRequest<Common>(`mark=item&as=${status}&id=${id}`),
    markFeed: (id: string, before: string) => postRequest<Common>(`mark=feed&as=read&id=${id}&before=${before}`),
    markGroup: (id: string, before: string) => postRequest<Common>(`mark=group&as=read&id=${id}&before=${before}`),
  };
}

type Local = {
  groups: Map<string, string>;
  feeds: Map<string, { name?: string; url: string; groupId: string }>;
  articles: Map<string, { feedId: string; title?: string; link: string; isUnread: boolean; isStarred: boolean }>;
  lastArticleId: string;
};

/** FeverRssService.sync(): groups, feeds (each in a group), favicons, items from the last one seen up, then states. */
async function sync(client: ReturnType<typeof readYouFever>, local: Local) {
  const groupsBody = await client.getGroups();
  for (const group of groupsBody.groups ?? []) local.groups.set(String(group.id!), group.title ?? '');
  const feedsBody = await client.getFeeds();
  const feedsGroupsMap = new Map<string, string>();
  for (const feedsGroups of [...(groupsBody.feeds_groups ?? []), ...(feedsBody.feeds_groups ?? [])])
    for (const feedId of feedsGroups.feed_ids?.split(',') ?? []) feedsGroupsMap.set(feedId, String(feedsGroups.group_id));
  await client.getFavicons();
  for (const feed of feedsBody.feeds ?? []) {
    // `feedsGroupsMap[it.id.toString()]!!` and `it.url!!`: a feed in no group, or without an address, ends the sync.
    expect({ feed: feed.id, group: feedsGroupsMap.get(String(feed.id)) }).toEqual({ feed: feed.id, group: expect.any(String) });
    expect(local.groups.has(feedsGroupsMap.get(String(feed.id))!)).toBe(true);
    local.feeds.set(String(feed.id), { name: feed.title, url: feed.url!, groupId: feedsGroupsMap.get(String(feed.id))! });
  }
  let lastSeenId = local.lastArticleId;
  const pages: number[] = [];
  for (;;) {
    const fetched = (await client.getItemsSince(lastSeenId)).items;
    if (!fetched || fetched.length === 0) break;
    pages.push(fetched.length);
    for (const item of fetched)
      // Item.id is a String in Read You's FeverDTO: Gson reads the number's digits.
      local.articles.set(String(item.id!), {
        feedId: String(item.feed_id!),
        title: item.title,
        link: item.url ?? '',
        isUnread: (item.is_read ?? 0) <= 0,
        isStarred: (item.is_saved ?? 0) > 0,
      });
    lastSeenId = String(fetched.at(-1)!.id!);
    if (fetched.length < 50) break;
  }
  local.lastArticleId = lastSeenId;
  const unread = (await client.getUnreadItems()).unread_item_ids?.split(',');
  const starred = (await client.getSavedItems()).saved_item_ids?.split(',');
  for (const [id, article] of local.articles) {
    article.isUnread = unread?.includes(id) ?? true;
    article.isStarred = starred?.includes(id) ?? false;
  }
  return { pages };
}

describe('Read You’s Fever account, its requests replayed', () => {
  it('signs in at the address as typed, syncs every feed into a group, walks every item up and marks', async () => {
    const reader = await syncReader(services, rest);
    // Enough articles for two pages of 50.
    await publish(services, reader.blog.id, timeline(55, { newest: new Date(Date.UTC(2026, 10, 1)), prefix: 'Old' }));
    for (const address of [`${url}/api/fever/`, `${url}/api/fever`, `${url}/api/fever.php`]) {
      expect(await readYouFever(address, reader.user.username, reader.apiToken).validCredentials()).toBe(true);
    }
    expect(await readYouFever(`${url}/api/fever/`, reader.user.username, reader.password).validCredentials()).toBe(false);

    const client = readYouFever(`${url}/api/fever/`, reader.user.username, reader.apiToken);
    const local: Local = { groups: new Map(), feeds: new Map(), articles: new Map(), lastArticleId: '' };
    const first = await sync(client, local);

    // The folder and, for the feed in none, the group of the unfiled feeds.
    expect(local.groups).toEqual(
      new Map([
        [String(reader.folderNumber), 'News'],
        ['2147483647', 'Uncategorized'],
      ]),
    );
    expect(local.feeds).toEqual(
      new Map([
        [String(reader.newsNumber), { name: 'Daily News', url: reader.news.url, groupId: String(reader.folderNumber) }],
        [String(reader.blogNumber), { name: 'A Blog', url: reader.blog.url, groupId: '2147483647' }],
      ]),
    );
    // since_id empty, then the last id seen: every one of the 61 items, in two pages.
    expect(first.pages).toEqual([50, 11]);
    expect(local.articles.size).toBe(61);
    const numbers = await services.db.article.findMany({
      where: { feedId: { in: [reader.news.id, reader.blog.id] } },
      select: { syncId: true },
      orderBy: { syncId: 'desc' },
    });
    expect(local.lastArticleId).toBe(String(numbers[0]!.syncId));
    const number = (articleId: string) => String(reader.numberOf.get(articleId)!);
    const news0 = number(reader.newsArticles[0]!.id);
    const stored = await services.db.article.findUniqueOrThrow({ where: { id: reader.newsArticles[0]!.id } });
    expect(local.articles.get(news0)).toEqual({
      feedId: String(reader.newsNumber),
      title: 'News 0',
      link: stored.url,
      isUnread: true,
      isStarred: false,
    });

    // markAsRead / markAsStarred of an article, on and off, each seen by the web app.
    const article = async (id: string) => (await rest('GET', `/articles/${id}`, { token: reader.token })).body.article;
    await client.markItem('read', news0);
    await client.markItem('saved', news0);
    expect(await article(reader.newsArticles[0]!.id)).toMatchObject({ isRead: true, starred: true });
    await client.markItem('unsaved', news0);
    await client.markItem('unread', news0);
    expect(await article(reader.newsArticles[0]!.id)).toMatchObject({ isRead: false, starred: false });

    // A feed up to a date, the unfiled group and a folder (without a date: Long.MAX_VALUE's seconds).
    const unread = async (feedId: string) => services.db.unreadArticle.count({ where: { userId: reader.user.id, feedId } });
    const blog1Seconds = String(Math.floor(reader.blogArticles[1]!.publishedAt.getTime() / 1000));
    await client.markFeed(String(reader.blogNumber), blog1Seconds);
    expect(await unread(reader.blog.id)).toBe(1);
    await client.markGroup('2147483647', NO_BEFORE);
    expect(await unread(reader.blog.id)).toBe(0);
    expect(await unread(reader.news.id)).toBe(3);
    await client.markGroup(String(reader.folderNumber), NO_BEFORE);
    expect(await unread(reader.news.id)).toBe(0);

    // Mark all read (no feed or group named) marks each local feed; then the next sync brings the new article only.
    await client.markItem('unread', news0);
    for (const feedId of local.feeds.keys()) await client.markFeed(feedId, NO_BEFORE);
    expect(await unread(reader.news.id)).toBe(0);
    await client.markItem('saved', number(reader.blogArticles[2]!.id));
    const [fresh] = await publish(services, reader.news.id, [{ publishedAt: new Date(), title: 'News fresh' }]);
    const freshNumber = String((await services.db.article.findUniqueOrThrow({ where: { id: fresh!.id } })).syncId);
    const second = await sync(client, local);
    expect(second.pages).toEqual([1]);
    expect(local.lastArticleId).toBe(freshNumber);
    expect(local.articles.get(freshNumber)).toMatchObject({ title: 'News fresh', isUnread: true });
    expect([...local.articles].filter(([, entry]) => entry.isUnread).map(([id]) => id)).toEqual([freshNumber]);
    expect([...local.articles].filter(([, entry]) => entry.isStarred).map(([id]) => id)).toEqual([number(reader.blogArticles[2]!.id)]);
  });
});
