import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publish, timeline } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// Fluent Reader 1.2 (github.com/yang991178/fluent-reader), its "Fever API" service, its requests replayed as
// src/scripts/models/services/fever.ts (feverServiceHooks) sends them and src/scripts/models/service.ts
// (syncWithService) runs them: a POST to the endpoint as typed plus `?api` and the reads, with a hand-written
// form body `api_key=<md5("username:password")>` followed by the marks.

const server = await startTestServer();
const { services, rest, url } = server;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

type Configs = { endpoint: string; username: string; apiKey: string; fetchLimit: number; lastId?: number; useInt32?: boolean };
type Item = {
  id: number;
  feed_id: number;
  title: string;
  author: string;
  html: string;
  url: string;
  is_saved: number;
  is_read: number;
  created_on_time: number;
};
type LocalItem = { source: string; title: string; link: string; date: Date; creator: string; hasRead: boolean; starred: boolean };

async function fetchAPI(configs: Configs, params = '', postparams = '') {
  const response = await fetch(`${configs.endpoint}?api${params}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `api_key=${configs.apiKey}${postparams}`,
  });
  expect({ params, postparams, status: response.status }).toEqual({ params, postparams, status: 200 });
  return response.json();
}

const markItem = (configs: Configs, serviceRef: string, as: string) => fetchAPI(configs, '', `&mark=item&as=${as}&id=${serviceRef}`);

const hooks = {
  authenticate: async (configs: Configs) => Boolean((await fetchAPI(configs)).auth),

  /** Sources from `feeds`; groups imported on the first sync from `groups`, each feed under its group's title. */
  async updateSources(configs: Configs) {
    const response = await fetchAPI(configs, '&feeds');
    const feeds: { id: number; url: string; title: string }[] = response.feeds;
    const feedGroups: { group_id: number; feed_ids: string }[] = response.feeds_groups;
    expect(feeds).toBeDefined();
    const groups: { id: number; title: string }[] = (await fetchAPI(configs, '&groups')).groups;
    expect(groups).toBeDefined();
    expect(feedGroups).toBeDefined();
    const groupsIdMap = new Map(groups.map((group) => [group.id, group.title.trim()]));
    const groupsMap = new Map<string, string | undefined>();
    for (const group of feedGroups) for (const fid of group.feed_ids.split(',')) groupsMap.set(fid, groupsIdMap.get(group.group_id));
    return { sources: feeds.map((feed) => ({ url: feed.url, title: feed.title, serviceRef: String(feed.id) })), groupsMap };
  },

  /** Items newest first by max_id pages, down to the last id seen or the sync limit. */
  async fetchItems(configs: Configs, sourceRefs: Set<string>) {
    const items: Item[] = [];
    configs.lastId = configs.lastId || 0;
    let min = configs.useInt32 ? 2147483647 : Number.MAX_SAFE_INTEGER;
    let response: { items?: Item[] } | undefined;
    const pages: number[] = [];
    do {
      response = (await fetchAPI(configs, `&items&max_id=${min}`)) as { items?: Item[] };
      expect(response.items).toBeDefined();
      pages.push(response.items!.length);
      items.push(...response.items!.filter((item) => item.id > configs.lastId!));
      if (response.items!.length === 0 && min === Number.MAX_SAFE_INTEGER) {
        configs.useInt32 = true;
        min = 2147483647;
        response = undefined;
      } else {
        min = response.items!.reduce((lowest, item) => Math.min(lowest, item.id), min);
      }
    } while (min > configs.lastId && (response === undefined || response.items!.length >= 50) && items.length < configs.fetchLimit);
    configs.lastId = items.reduce((highest, item) => Math.max(highest, item.id), configs.lastId);
    const parsed = new Map<string, LocalItem>();
    for (const item of items) {
      // `source.sid` of the item's feed: an item of a feed not listed ends the sync.
      expect(sourceRefs.has(String(item.feed_id))).toBe(true);
      parsed.set(String(item.id), {
        source: String(item.feed_id),
        title: item.title,
        link: item.url,
        date: new Date(item.created_on_time * 1000),
        creator: item.author,
        hasRead: Boolean(item.is_read),
        starred: Boolean(item.is_saved),
      });
      // `item.link.split('/')` for the thumbnail's <base>: the address must be a string, empty when there is none.
      expect(typeof item.url).toBe('string');
    }
    return { parsed, pages };
  },

  async syncItems(configs: Configs) {
    const [unreadResponse, starredResponse] = await Promise.all([
      fetchAPI(configs, '&unread_item_ids'),
      fetchAPI(configs, '&saved_item_ids'),
    ]);
    expect(typeof unreadResponse.unread_item_ids).toBe('string');
    expect(typeof starredResponse.saved_item_ids).toBe('string');
    return [
      new Set<string>(unreadResponse.unread_item_ids.split(',')),
      new Set<string>(starredResponse.saved_item_ids.split(',')),
    ] as const;
  },
};

/** syncWithService(): sources, then read and starred states, then the new items. */
async function syncWithService(configs: Configs, local: Map<string, LocalItem>) {
  const { sources, groupsMap } = await hooks.updateSources(configs);
  const [unread, starred] = await hooks.syncItems(configs);
  for (const [ref, item] of local) {
    item.hasRead = !unread.has(ref);
    item.starred = starred.has(ref);
  }
  const { parsed, pages } = await hooks.fetchItems(configs, new Set(sources.map((source) => source.serviceRef)));
  for (const [ref, item] of parsed) local.set(ref, item);
  return { sources, groupsMap, unread, starred, pages };
}

describe('Fluent Reader’s Fever API service, its requests replayed', () => {
  it('signs in, imports sources and groups, pages items down by max_id, and sends marks and mark-all-read back', async () => {
    const reader = await syncReader(services, rest);
    await publish(services, reader.blog.id, [
      ...timeline(50, { newest: new Date(Date.UTC(2026, 10, 1)), prefix: 'Old' }),
      { publishedAt: new Date(Date.UTC(2026, 9, 1)), title: 'Blog without a link', url: null },
    ]);
    const apiKey = md5(`${reader.user.username}:${reader.apiToken}`);
    for (const endpoint of [`${url}/api/fever/`, `${url}/api/fever`, `${url}/api/fever.php`]) {
      expect(await hooks.authenticate({ endpoint, username: reader.user.username, apiKey, fetchLimit: 250 })).toBe(true);
    }
    const wrongKey = md5(`${reader.user.username}:${reader.password}`);
    expect(
      await hooks.authenticate({ endpoint: `${url}/api/fever/`, username: reader.user.username, apiKey: wrongKey, fetchLimit: 250 }),
    ).toBe(false);

    const configs: Configs = { endpoint: `${url}/api/fever/`, username: reader.user.username, apiKey, fetchLimit: 250 };
    const local = new Map<string, LocalItem>();
    const first = await syncWithService(configs, local);
    expect(first.sources).toEqual([
      { url: reader.news.url, title: 'Daily News', serviceRef: String(reader.newsNumber) },
      { url: reader.blog.url, title: 'A Blog', serviceRef: String(reader.blogNumber) },
    ]);
    expect(first.groupsMap).toEqual(
      new Map([
        [String(reader.newsNumber), 'News'],
        [String(reader.blogNumber), 'Uncategorized'],
      ]),
    );
    // 57 items: a page of 50, then the 7 below its lowest id.
    expect(first.pages).toEqual([50, 7]);
    expect(local.size).toBe(57);
    const number = (articleId: string) => String(reader.numberOf.get(articleId)!);
    const news0 = await services.db.article.findUniqueOrThrow({ where: { id: reader.newsArticles[0]!.id } });
    expect(local.get(number(news0.id))).toEqual({
      source: String(reader.newsNumber),
      title: 'News 0',
      link: news0.url,
      date: news0.publishedAt,
      creator: 'Ann',
      hasRead: false,
      starred: false,
    });
    expect([...local.values()].find((item) => item.title === 'Blog without a link')).toMatchObject({ link: '' });
    expect(first.unread.size).toBe(57);
    expect(first.starred).toEqual(new Set(['']));

    // markRead, star, markUnread, unstar: the mark in the form body after the key.
    const article = async (id: string) => (await rest('GET', `/articles/${id}`, { token: reader.token })).body.article;
    for (const as of ['read', 'saved']) expect(await markItem(configs, number(news0.id), as)).toMatchObject({ auth: 1 });
    expect(await article(news0.id)).toMatchObject({ isRead: true, starred: true });
    await markItem(configs, number(reader.newsArticles[1]!.id), 'read');
    await markItem(configs, number(reader.newsArticles[1]!.id), 'unread');
    await markItem(configs, number(news0.id), 'unsaved');
    expect(await article(news0.id)).toMatchObject({ isRead: true, starred: false });
    expect(await article(reader.newsArticles[1]!.id)).toMatchObject({ isRead: false });
    await markItem(configs, number(reader.blogArticles[0]!.id), 'saved');

    // markAllRead of sources (a second past the date given, or now): mark=feed before=…; of a page newer than a date: item by item.
    const unread = (feedId: string) => services.db.unreadArticle.count({ where: { userId: reader.user.id, feedId } });
    const timestamp = Math.floor(reader.blogArticles[1]!.publishedAt.getTime() / 1000) + 1;
    expect(await fetchAPI(configs, '', `&mark=feed&as=read&id=${reader.blogNumber}&before=${timestamp}`)).toMatchObject({ auth: 1 });
    expect(await unread(reader.blog.id)).toBe(1);
    await fetchAPI(configs, '', `&mark=feed&as=read&id=${reader.newsNumber}&before=${Math.floor(Date.now() / 1000) + 1}`);
    expect(await unread(reader.news.id)).toBe(0);
    await markItem(configs, number(reader.blogArticles[0]!.id), 'read');
    expect(await unread(reader.blog.id)).toBe(0);

    // The next sync: states from the id lists, and only the items above the last id seen.
    expect((await rest('DELETE', `/articles/${reader.newsArticles[2]!.id}/read`, { token: reader.token })).status).toBe(200);
    const [fresh] = await publish(services, reader.news.id, [{ publishedAt: new Date(), title: 'News fresh' }]);
    const freshNumber = String((await services.db.article.findUniqueOrThrow({ where: { id: fresh!.id } })).syncId);
    const second = await syncWithService(configs, local);
    expect(second.unread).toEqual(new Set([number(reader.newsArticles[2]!.id), freshNumber]));
    expect(second.starred).toEqual(new Set([number(reader.blogArticles[0]!.id)]));
    expect(second.pages).toEqual([50]);
    expect(local.size).toBe(58);
    expect(configs.lastId).toBe(Number(freshNumber));
    expect([...local].filter(([, item]) => !item.hasRead).map(([ref]) => ref)).toEqual([number(reader.newsArticles[2]!.id), freshNumber]);
    expect([...local].filter(([, item]) => item.starred).map(([ref]) => ref)).toEqual([number(reader.blogArticles[0]!.id)]);
  });
});
