import { describe, expect, it } from 'vitest';
import { publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// Fluent Reader 1.2 (github.com/yang991178/fluent-reader), its "Google Reader API (Beta)" service, its requests
// replayed as src/scripts/models/services/greader.ts (gReaderServiceHooks) sends them and
// src/scripts/models/service.ts (syncWithService) runs them: the endpoint exactly as typed plus the path, the
// query strings written by hand (slashes unencoded), forms as URLSearchParams bodies, and the Authorization header
// set even before there is an Auth value (it then says "undefined").

const server = await startTestServer();
const { services, rest, url } = server;

const ALL_TAG = 'user/-/state/com.google/reading-list';
const READ_TAG = 'user/-/state/com.google/read';
const STAR_TAG = 'user/-/state/com.google/starred';

type Configs = {
  endpoint: string;
  username: string;
  password: string;
  fetchLimit: number;
  useInt64: boolean;
  auth?: string;
  lastFetched?: number;
  lastId?: string;
};
type Item = {
  id: string;
  title: string;
  published: number;
  crawlTimeMsec: string;
  author?: string;
  summary: { content: string };
  canonical: { href: string }[];
  categories: string[];
  origin: { streamId: string };
};
type LocalItem = { source: string; title: string; link: string; date: Date; creator?: string; hasRead: boolean; starred: boolean };

function fetchAPI(configs: Configs, params: string, method = 'GET', body: URLSearchParams | null = null) {
  const headers = new Headers();
  // `configs.auth !== null`: also when it is still undefined.
  if (configs.auth !== null) headers.set('Authorization', String(configs.auth));
  return fetch(configs.endpoint + params, { method, headers, body });
}

async function fetchAll(configs: Configs, params: string): Promise<Set<string>> {
  const results: string[] = [];
  let fetched: { id: string }[] | undefined;
  let continuation: string | undefined;
  do {
    const response = await fetchAPI(configs, continuation ? `${params}&c=${continuation}` : params);
    const parsed = (await response.json()) as { itemRefs?: { id: string }[]; continuation?: string };
    fetched = parsed.itemRefs;
    for (const ref of fetched ?? []) results.push(ref.id);
    continuation = parsed.continuation;
  } while (continuation && fetched && fetched.length >= 1000);
  return new Set(results);
}

const editTag = (configs: Configs, ref: string, tag: string, add = true) =>
  fetchAPI(configs, '/reader/api/0/edit-tag', 'POST', new URLSearchParams(`i=${ref}&${add ? 'a' : 'r'}=${tag}`));

/** compactId with useInt64: the long id's hex digits as a signed 64-bit decimal. */
const compactId = (longId: string) => BigInt.asIntN(64, BigInt(`0x${longId.split('/').at(-1)}`)).toString();

const hooks = {
  authenticate: async (configs: Configs) => (await fetchAPI(configs, '/reader/api/0/user-info')).status === 200,

  async reauthenticate(configs: Configs) {
    const body = new URLSearchParams();
    body.append('Email', configs.username);
    body.append('Passwd', configs.password);
    const result = await fetchAPI(configs, '/accounts/ClientLogin', 'POST', body);
    expect(result.status).toBe(200);
    const matches = (await result.text()).match(/Auth=(\S+)/);
    if (matches && matches.length > 1) configs.auth = `GoogleLogin auth=${matches[1]}`;
    return configs;
  },

  /** Sources (address, title, the subscription's id) and, importing groups, each one's first category's label. */
  async updateSources(configs: Configs) {
    const response = await fetchAPI(configs, '/reader/api/0/subscription/list?output=json');
    expect(response.status).toBe(200);
    const subscriptions = (await response.json()).subscriptions as {
      id: string;
      title: string;
      url?: string;
      htmlUrl?: string;
      categories?: { label: string }[];
    }[];
    const groupsMap = new Map<string, string>();
    for (const subscription of subscriptions)
      if (subscription.categories && subscription.categories.length > 0) groupsMap.set(subscription.id, subscription.categories[0]!.label);
    const sources = subscriptions.map((subscription) => ({
      url: subscription.url || subscription.htmlUrl,
      title: subscription.title,
      serviceRef: subscription.id,
    }));
    return { sources, groupsMap };
  },

  syncItems: (configs: Configs) =>
    Promise.all([
      fetchAll(configs, `/reader/api/0/stream/items/ids?output=json&s=${ALL_TAG}&xt=${READ_TAG}&n=1000`),
      fetchAll(configs, `/reader/api/0/stream/items/ids?output=json&s=${STAR_TAG}&n=1000`),
    ]),

  /** The reading list newest first, from `ot` (the last sync's newest item's crawl time) down to the last id seen. */
  async fetchItems(configs: Configs, sourceIds: Set<string>) {
    const items: Item[] = [];
    let continuation: string | undefined;
    do {
      const limit = Math.min(configs.fetchLimit - items.length, 1000);
      let params = `/reader/api/0/stream/contents?output=json&n=${limit}`;
      if (configs.lastFetched) params += `&ot=${configs.lastFetched}`;
      if (continuation) params += `&c=${continuation}`;
      const response = await fetchAPI(configs, params);
      expect(response.status).toBe(200);
      const fetched = (await response.json()) as { items: Item[]; continuation?: string };
      for (const item of fetched.items) {
        item.id = compactId(item.id);
        if (item.id === configs.lastId || items.length >= configs.fetchLimit) break;
        items.push(item);
      }
      continuation = fetched.continuation;
    } while (continuation && items.length < configs.fetchLimit);
    if (items.length === 0) return new Map<string, LocalItem>();
    configs.lastId = items[0]!.id;
    const parsed = new Map<string, LocalItem>();
    for (const item of items) {
      if (!sourceIds.has(item.origin.streamId)) continue;
      const parsedItem: LocalItem = {
        source: item.origin.streamId,
        title: item.title,
        // `i.canonical[0].href`, then `item.link.split('/')`: an item without a link there ends the sync.
        link: item.canonical[0]!.href,
        date: new Date(item.published * 1000),
        creator: item.author,
        hasRead: item.categories.some((category) => category.endsWith('/state/com.google/read')),
        starred: item.categories.some((category) => category.endsWith('/state/com.google/starred')),
      };
      expect([typeof parsedItem.link, typeof item.summary.content]).toEqual(['string', 'string']);
      parsed.set(item.id, parsedItem);
    }
    configs.lastFetched = Math.round(new Date(parseInt(items[0]!.crawlTimeMsec)).getTime() / 1000);
    return parsed;
  },
};

/** syncWithService(): signs in again only when user-info refuses the Auth it has, then sources, states and items. */
async function syncWithService(configs: Configs, local: Map<string, LocalItem>) {
  if (!(await hooks.authenticate(configs))) await hooks.reauthenticate(configs);
  const { sources, groupsMap } = await hooks.updateSources(configs);
  const [unread, starred] = await hooks.syncItems(configs);
  for (const [ref, item] of local) {
    item.hasRead = !unread.has(ref);
    item.starred = starred.has(ref);
  }
  for (const [ref, item] of await hooks.fetchItems(configs, new Set(sources.map((source) => source.serviceRef)))) local.set(ref, item);
  return { sources, groupsMap, unread, starred };
}

describe('Fluent Reader’s Google Reader API service, its requests replayed', () => {
  it('signs in, imports sources and groups, syncs states and items, and sends marks, stars and mark-all-read back', async () => {
    const reader = await syncReader(services, rest);
    const [linkless] = await publish(services, reader.blog.id, [
      { publishedAt: new Date(Date.UTC(2026, 10, 19)), title: 'Blog without a link', url: null },
    ]);
    const number = async (articleId: string) => String((await services.db.article.findUniqueOrThrow({ where: { id: articleId } })).syncId);

    // save(): reauthenticate (ClientLogin with "Authorization: undefined"), then authenticate (user-info).
    const configs: Configs = {
      endpoint: `${url}/api/greader`,
      username: reader.user.username,
      password: reader.apiToken,
      fetchLimit: 250,
      useInt64: true,
    };
    await hooks.reauthenticate(configs);
    expect(configs.auth).toBe(`GoogleLogin auth=${reader.apiToken}`);
    expect(await hooks.authenticate(configs)).toBe(true);
    // FreshRSS's address answers the same.
    const aliased = { ...configs, endpoint: `${url}/api/greader.php`, auth: undefined };
    await hooks.reauthenticate(aliased);
    expect(await hooks.authenticate(aliased)).toBe(true);

    const local = new Map<string, LocalItem>();
    const first = await syncWithService(configs, local);
    expect(first.sources).toEqual([
      { url: reader.news.url, title: 'Daily News', serviceRef: `feed/${reader.newsNumber}` },
      { url: reader.blog.url, title: 'A Blog', serviceRef: `feed/${reader.blogNumber}` },
    ]);
    expect(first.groupsMap).toEqual(new Map([[`feed/${reader.newsNumber}`, 'News']]));
    const every = [...reader.newsArticles, ...reader.blogArticles, linkless!];
    const numbers = await Promise.all(every.map((article) => number(article.id)));
    expect(first.unread).toEqual(new Set(numbers));
    expect(first.starred).toEqual(new Set());
    // Every item, newest first; its id (compacted) is the one the id lists give.
    expect([...local.keys()]).toEqual([0, 3, 1, 4, 2, 5, 6].map((index) => numbers[index]));
    const news0 = await services.db.article.findUniqueOrThrow({ where: { id: reader.newsArticles[0]!.id } });
    expect(local.get(numbers[0]!)).toEqual({
      source: `feed/${reader.newsNumber}`,
      title: 'News 0',
      link: news0.url,
      date: news0.publishedAt,
      creator: 'Ann',
      hasRead: false,
      starred: false,
    });
    expect(local.get(numbers[6]!)).toMatchObject({ title: 'Blog without a link', link: '' });
    expect(configs.lastId).toBe(numbers[0]);
    expect(configs.lastFetched).toBe(Math.round(news0.createdAt.getTime() / 1000));

    // markRead, star, then markUnread and unstar of another: one edit-tag each, seen by the web app.
    const article = async (id: string) => (await rest('GET', `/articles/${id}`, { token: reader.token })).body.article;
    for (const [ref, tag, add] of [
      [numbers[0]!, READ_TAG, true],
      [numbers[0]!, STAR_TAG, true],
      [numbers[1]!, READ_TAG, true],
      [numbers[1]!, READ_TAG, false],
      [numbers[3]!, STAR_TAG, true],
      [numbers[3]!, STAR_TAG, false],
    ] as const) {
      const answer = await editTag(configs, ref, tag, add);
      expect({ status: answer.status, text: await answer.text() }).toEqual({ status: 200, text: 'OK' });
    }
    expect(await article(reader.newsArticles[0]!.id)).toMatchObject({ isRead: true, starred: true });
    expect(await article(reader.newsArticles[1]!.id)).toMatchObject({ isRead: false, starred: false });
    expect(await article(reader.blogArticles[0]!.id)).toMatchObject({ isRead: false, starred: false });

    // markAllRead with a date: the matching unread items' ids joined into one edit-tag ("i=1&i=2&a=…").
    const refs = [numbers[1]!, numbers[2]!].join('&i=');
    expect((await editTag(configs, refs, READ_TAG)).status).toBe(200);
    expect(await article(reader.newsArticles[2]!.id)).toMatchObject({ isRead: true });
    // markAllRead without one: mark-all-as-read of each source, no ts.
    const markAll = await fetchAPI(
      configs,
      '/reader/api/0/mark-all-as-read',
      'POST',
      new URLSearchParams({ s: `feed/${reader.blogNumber}` }),
    );
    expect({ status: markAll.status, text: await markAll.text() }).toEqual({ status: 200, text: 'OK' });
    expect(await services.db.unreadArticle.count({ where: { userId: reader.user.id } })).toBe(0);

    // The next sync: states from the id lists, and only the article published since, above the last id seen.
    // Meanwhile one article is marked unread again in the web app.
    expect((await rest('DELETE', `/articles/${reader.blogArticles[1]!.id}/read`, { token: reader.token })).status).toBe(200);
    const [fresh] = await publish(services, reader.news.id, [{ publishedAt: new Date(Date.now() + 60_000), title: 'News fresh' }]);
    const freshNumber = await number(fresh!.id);
    const second = await syncWithService(configs, local);
    expect(second.starred).toEqual(new Set([numbers[0]]));
    expect(second.unread).toEqual(new Set([freshNumber, numbers[4]]));
    expect(local.size).toBe(8);
    expect(local.get(freshNumber)).toMatchObject({ title: 'News fresh', hasRead: false, starred: false });
    expect([...local].filter(([, item]) => !item.hasRead).map(([ref]) => ref)).toEqual([numbers[4], freshNumber]);
    expect(configs.lastId).toBe(freshNumber);
  });

  it('signs in again with the stored password when user-info refuses its Auth', async () => {
    const reader = await syncReader(services, rest);
    const configs: Configs = {
      endpoint: `${url}/api/greader`,
      username: reader.user.username,
      password: reader.apiToken,
      fetchLimit: 250,
      useInt64: true,
      auth: 'GoogleLogin auth=tid_stale',
    };
    expect(await hooks.authenticate(configs)).toBe(false);
    // ClientLogin with the stale Authorization header still on it.
    await hooks.reauthenticate(configs);
    expect(configs.auth).toBe(`GoogleLogin auth=${reader.apiToken}`);
    expect((await syncWithService(configs, new Map())).sources).toHaveLength(2);
  });
});
