import { describe, expect, it } from 'vitest';
import { newFeed, publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// Read You 0.15 (github.com/Ashinch/ReadYou), its Google Reader and FreshRSS accounts, their requests replayed as
// app/src/main/java/me/ash/reader/infrastructure/rss/provider/greader/GoogleReaderAPI.kt sends them and
// domain/service/GoogleReaderRssService.kt uses them (validCredentials, sync, markAsRead, markAsStarred,
// subscribe, addGroup, moveFeed, renameFeed, deleteFeed). Read You appends '/' to the server address it is
// given and the call's path to that; its GETs and POSTs carry `output=json` and their parameters in the address,
// unencoded; its POSTs add the action token, newline and all, as `T`.

const server = await startTestServer();
const { services, rest, url } = server;

const READING_LIST = 'user/-/state/com.google/reading-list';
const READ = 'user/-/state/com.google/read';
const STARRED = 'user/-/state/com.google/starred';
const LONG_PREFIX = 'tag:google.com,2005:reader/item/';
const USER_AGENT = 'ReadYou/0.15.0-beta.1(38)';
// MAXIMUM_ITEMS_LIMIT: every id list is asked for 10 000 at a time.
const ITEMS_LIMIT = '10000';

type Pairs = [string, string][];
type Item = {
  id: string;
  crawlTimeMsec?: string;
  published?: number;
  title?: string;
  author?: string;
  summary?: { content?: string };
  categories?: string[];
  origin?: { streamId?: string; htmlUrl?: string; title?: string };
  canonical?: { href?: string }[];
  alternate?: { href?: string }[];
};

/** GoogleReaderAPI.kt against one server address as typed in Read You's account dialog. */
function readYouGoogleReader(typedServerUrl: string, username: string, password: string) {
  const serverUrl = typedServerUrl.endsWith('/') ? typedServerUrl : `${typedServerUrl}/`;
  let clientLoginToken: string | null = null;
  let actionToken: string | null = null;

  const address = (query: string, params: Pairs = []) =>
    `${serverUrl}${query}?output=json${params.map(([key, value]) => `&${key}=${value}`).join('')}`;

  async function reAuthenticate() {
    const login = await fetch(`${serverUrl}accounts/ClientLogin`, {
      method: 'POST',
      headers: { 'user-agent': USER_AGENT, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams([
        ['output', 'json'],
        ['Email', username],
        ['Passwd', password],
        ['client', 'ReadYou'],
        ['accountType', 'HOSTED_OR_GOOGLE'],
        ['service', 'reader'],
      ]).toString(),
    });
    const body = await login.text();
    if (login.status !== 200) return { status: login.status, body };
    // Miniflux answers JSON; anything else is read as lines, keeping the one that starts "Auth=".
    let token: string | undefined;
    try {
      token = (JSON.parse(body) as { Auth?: string }).Auth;
    } catch {
      token = body
        .split('\n')
        .find((line) => line.startsWith('Auth='))
        ?.substring(5);
    }
    if (!token) throw new Error(`body format error for CL Token:\n${body}`);
    const action = await fetch(`${serverUrl}reader/api/0/token`, { headers: { authorization: `GoogleLogin auth=${token}` } });
    clientLoginToken = token;
    actionToken = await action.text();
    return { status: login.status, body, actionStatus: action.status };
  }

  async function get<T>(query: string, params: Pairs = []): Promise<T> {
    if (!clientLoginToken) await reAuthenticate();
    const response = await fetch(address(query, params), {
      headers: { authorization: `GoogleLogin auth=${clientLoginToken}`, 'user-agent': USER_AGENT },
    });
    const body = await response.text();
    expect({ query, params, status: response.status }).toEqual({ query, params, status: 200 });
    return JSON.parse(body) as T;
  }

  /** A POST, its answer as Read You reads it: JSON, or for edits the bare `OK` (Gson reads it leniently as a string). */
  async function post(query: string, params: Pairs = [], form: Pairs = []) {
    if (!clientLoginToken) await reAuthenticate();
    const response = await fetch(address(query, params), {
      method: 'POST',
      headers: {
        authorization: `GoogleLogin auth=${clientLoginToken}`,
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': USER_AGENT,
      },
      body: new URLSearchParams([...form, ...(actionToken === null ? [] : [['T', actionToken] as [string, string]])]).toString(),
    });
    return { status: response.status, body: await response.text() };
  }

  /** fetchItemIdsAndContinue: pages on while an answer has a continuation. */
  async function allIds(query: Pairs): Promise<string[]> {
    const ids: string[] = [];
    let continuation: string | undefined;
    do {
      const page = await get<{ itemRefs?: { id: string }[]; continuation?: string }>('reader/api/0/stream/items/ids', [
        ...query,
        ...(continuation ? ([['c', continuation]] as Pairs) : []),
      ]);
      ids.push(...(page.itemRefs ?? []).map((ref) => ref.id));
      continuation = page.continuation;
    } while (continuation);
    return ids;
  }

  const editTag = (itemIds: string[], mark: string | null, unmark: string | null) =>
    post(
      'reader/api/0/edit-tag',
      [],
      [
        ...itemIds.map((id) => ['i', id] as [string, string]),
        ...(mark ? [['a', mark] as [string, string]] : []),
        ...(unmark ? [['r', unmark] as [string, string]] : []),
      ],
    );

  const subscriptionEdit = (edit: { action?: string; feedId?: string; categoryId?: string; originCategoryId?: string; name?: string }) =>
    post(
      'reader/api/0/subscription/edit',
      [],
      [
        ['ac', edit.action ?? 'edit'],
        ...(edit.feedId ? [['s', `feed/${edit.feedId}`] as [string, string]] : []),
        ...(edit.categoryId ? [['a', `user/-/label/${edit.categoryId}`] as [string, string]] : []),
        ...(edit.originCategoryId ? [['r', `user/-/label/${edit.originCategoryId}`] as [string, string]] : []),
        ...(edit.name?.trim() ? [['t', edit.name] as [string, string]] : []),
      ],
    );

  return {
    reAuthenticate,
    get,
    post,
    editTag,
    subscriptionEdit,
    get actionToken() {
      return actionToken;
    },
    unreadIds: () =>
      allIds([
        ['s', READING_LIST],
        ['xt', READ],
        ['n', ITEMS_LIMIT],
      ]),
    starredIds: () =>
      allIds([
        ['s', STARRED],
        ['n', ITEMS_LIMIT],
      ]),
    /** The Google Reader account asks for the read stream; the FreshRSS account for the reading list's read items. */
    readIds: (since: number, freshRss: boolean) =>
      allIds([
        ...(freshRss ? ([['s', READING_LIST]] as Pairs) : []),
        [freshRss ? 'it' : 's', READ],
        ['ot', String(since)],
        ['n', ITEMS_LIMIT],
      ]),
    feedIds: (feedId: string, filterRead: boolean) =>
      allIds([['s', `feed/${feedId}`], ...(filterRead ? ([['xt', READ]] as Pairs) : []), ['n', ITEMS_LIMIT]]),
  };
}

/** Read You's `shortId`: the long form's 16 hex digits as a (signed 64-bit) decimal. */
const shortId = (id: string) =>
  id.startsWith(LONG_PREFIX) ? BigInt.asIntN(64, BigInt(`0x${id.slice(LONG_PREFIX.length)}`)).toString() : id;

type LocalArticle = {
  id: string;
  feedId: string;
  title: string;
  link: string;
  author?: string;
  date: Date;
  isUnread: boolean;
  isStarred: boolean;
};
type Client = ReturnType<typeof readYouGoogleReader>;

/**
 * GoogleReaderRssService.sync(): the unread, starred and read ids; local stars and reads the server lacks sent
 * back; the subscriptions; the contents of the ids not stored yet, 100 at a time; then the remote reads applied.
 */
async function sync(client: Client, local: Map<string, LocalArticle>, freshRss: boolean) {
  const lastMonthAt = Math.floor(new Date(new Date().setMonth(new Date().getMonth() - 1)).getTime() / 1000);
  const [unread, starred, read] = await Promise.all([client.unreadIds(), client.starredIds(), client.readIds(lastMonthAt, freshRss)]);
  const [unreadIds, starredIds, readIds] = [unread, starred, read].map((ids) => new Set(ids.map(shortId))) as [
    Set<string>,
    Set<string>,
    Set<string>,
  ];
  const stored = [...local.values()];
  const toBeStarredRemote = stored.filter((article) => article.isStarred && !starredIds.has(article.id)).map((article) => article.id);
  if (toBeStarredRemote.length > 0) expect(await client.editTag(toBeStarredRemote, STARRED, null)).toEqual({ status: 200, body: 'OK' });
  for (const article of stored) if (!article.isStarred && starredIds.has(article.id)) article.isStarred = true;
  const toBeReadRemote = stored.filter((article) => !article.isUnread && unreadIds.has(article.id)).map((article) => article.id);
  if (toBeReadRemote.length > 0) expect(await client.editTag(toBeReadRemote, READ, null)).toEqual({ status: 200, body: 'OK' });

  const { subscriptions } = await client.get<{
    subscriptions: { id?: string; title?: string; url?: string; htmlUrl?: string; categories?: { id?: string; label?: string }[] }[];
  }>('reader/api/0/subscription/list');
  const feeds = subscriptions.map((subscription) => {
    // requireNotNull(it.id), requireNotNull(it.url ?: it.htmlUrl); the group is the first category, else the default.
    expect(subscription.id).toBeTruthy();
    expect(subscription.url ?? subscription.htmlUrl).toBeTruthy();
    const category = subscription.categories?.[0];
    return {
      id: subscription.id!.replace('feed/', ''),
      name: subscription.title,
      url: subscription.url ?? subscription.htmlUrl,
      group: category?.id ? { id: category.id.replace(/user\/[^/]+\/label\//, ''), name: String(category.label) } : 'default',
    };
  });

  const toFetch = [...new Set([...unreadIds, ...starredIds, ...readIds])].filter((id) => !local.has(id));
  for (let start = 0; start < toFetch.length; start += 100) {
    const answer = await client.post(
      'reader/api/0/stream/items/contents',
      [],
      toFetch.slice(start, start + 100).map((id) => ['i', id]),
    );
    expect(answer.status).toBe(200);
    const contents = JSON.parse(answer.body) as { updated?: number; items?: Item[] };
    for (const item of contents.items ?? []) {
      const id = shortId(item.id);
      // The article's feed comes from origin.streamId (`!!`: an item without one ends the sync).
      expect(item.origin?.streamId).toMatch(/^feed\//);
      local.set(id, {
        id,
        feedId: item.origin!.streamId!.replace('feed/', ''),
        title: item.title ?? '',
        link: item.canonical?.[0]?.href ?? item.alternate?.[0]?.href ?? item.origin?.htmlUrl ?? '',
        author: item.author,
        date: new Date(item.published! * 1000),
        isUnread: unreadIds.has(id),
        isStarred: starredIds.has(id),
      });
    }
  }
  for (const id of readIds) if (local.has(id)) local.get(id)!.isUnread = false;
  return { feeds, unreadIds, starredIds, readIds, sentStarred: toBeStarredRemote, sentRead: toBeReadRemote };
}

/** markAsRead(articleId) and markAsStarred(): the local article first, then one edit-tag. */
async function markAsRead(client: Client, local: Map<string, LocalArticle>, ids: string[], isUnread: boolean) {
  for (const id of ids) local.get(id)!.isUnread = isUnread;
  return client.editTag(ids, isUnread ? null : READ, isUnread ? READ : null);
}
async function markAsStarred(client: Client, local: Map<string, LocalArticle>, id: string, isStarred: boolean) {
  local.get(id)!.isStarred = isStarred;
  return client.editTag([id], isStarred ? STARRED : null, isStarred ? null : STARRED);
}

describe('Read You’s Google Reader and FreshRSS accounts, their requests replayed', () => {
  it('signs in, syncs ids, subscriptions and contents, and sends read, unread, star, unstar and mark-all-read back', async () => {
    const reader = await syncReader(services, rest);
    const number = (articleId: string) => String(reader.numberOf.get(articleId)!);
    // The address as typed, without the trailing slash Read You adds.
    const client = readYouGoogleReader(`${url}/api/greader`, reader.user.username, reader.apiToken);

    // validCredentials(): ClientLogin (its `output=json` answered as text, read by lines), the action token, user-info.
    const login = await client.reAuthenticate();
    expect(login).toEqual({
      status: 200,
      body: `SID=${reader.apiToken}\nLSID=null\nAuth=${reader.apiToken}\n`,
      actionStatus: 200,
    });
    expect(client.actionToken).toMatch(/^[0-9a-zA-Z]{57}\n$/);
    const user = await client.get<{ userName?: string }>('reader/api/0/user-info');
    expect(user.userName).toBe(reader.user.username);

    // sync(): everything is unread and nothing starred; the read stream (the Google Reader account's form) is empty.
    const local = new Map<string, LocalArticle>();
    const first = await sync(client, local, false);
    expect(first.feeds).toEqual([
      { id: String(reader.newsNumber), name: 'Daily News', url: reader.news.url, group: { id: 'News', name: 'News' } },
      { id: String(reader.blogNumber), name: 'A Blog', url: reader.blog.url, group: 'default' },
    ]);
    expect(first.readIds.size).toBe(0);
    expect(first.starredIds.size).toBe(0);
    const everyArticle = [...reader.newsArticles, ...reader.blogArticles];
    expect(new Set(first.unreadIds)).toEqual(new Set(everyArticle.map((article) => number(article.id))));
    const news0 = reader.newsArticles[0]!;
    const stored = await services.db.article.findUniqueOrThrow({ where: { id: news0.id } });
    expect(local.get(number(news0.id))).toEqual({
      id: number(news0.id),
      feedId: String(reader.newsNumber),
      title: 'News 0',
      link: stored.url,
      author: 'Ann',
      date: stored.publishedAt,
      isUnread: true,
      isStarred: false,
    });
    expect([...local.values()].map((article) => article.title).sort()).toEqual(
      ['Blog 0', 'Blog 1', 'Blog 2', 'News 0', 'News 1', 'News 2'].sort(),
    );

    // markAsRead / markAsUnread of one article, markAsStarred on and off: edit-tag, one id, answered OK.
    const news0Id = number(news0.id);
    const blog0Id = number(reader.blogArticles[0]!.id);
    const OK = { status: 200, body: 'OK' };
    expect(await markAsRead(client, local, [news0Id], false)).toEqual(OK);
    expect(await markAsStarred(client, local, blog0Id, true)).toEqual(OK);
    expect(await markAsStarred(client, local, news0Id, true)).toEqual(OK);
    const article = async (id: string) => (await rest('GET', `/articles/${id}`, { token: reader.token })).body.article;
    expect(await article(news0.id)).toMatchObject({ isRead: true, starred: true });
    expect(await article(reader.blogArticles[0]!.id)).toMatchObject({ isRead: false, starred: true });
    expect(await markAsStarred(client, local, news0Id, false)).toEqual(OK);
    expect(await markAsRead(client, local, [news0Id], true)).toEqual(OK);
    expect(await article(news0.id)).toMatchObject({ isRead: false, starred: false });

    // markAsRead(feedId): the feed's locally unread articles, in chunks of 500, marked read by id.
    const blogIds = [...local.values()]
      .filter((entry) => entry.feedId === String(reader.blogNumber) && entry.isUnread)
      .map((entry) => entry.id);
    expect(blogIds).toHaveLength(3);
    expect(await markAsRead(client, local, blogIds, false)).toEqual(OK);
    expect(await services.db.unreadArticle.count({ where: { userId: reader.user.id, feedId: reader.blog.id } })).toBe(0);

    // Marks made while the server was out of reach go with the next sync (the FreshRSS account's form this time),
    // which also brings a new article.
    const news1Id = number(reader.newsArticles[1]!.id);
    const news2Id = number(reader.newsArticles[2]!.id);
    local.get(news1Id)!.isUnread = false;
    local.get(news2Id)!.isStarred = true;
    const [fresh] = await publish(services, reader.news.id, [{ publishedAt: new Date(), title: 'News fresh' }]);
    const freshNumber = String((await services.db.article.findUniqueOrThrow({ where: { id: fresh!.id } })).syncId);
    const second = await sync(client, local, true);
    expect(second.readIds).toEqual(new Set(blogIds));
    expect(second.starredIds).toEqual(new Set([blog0Id]));
    expect({ sentRead: second.sentRead, sentStarred: second.sentStarred }).toEqual({ sentRead: [news1Id], sentStarred: [news2Id] });
    expect(await article(reader.newsArticles[1]!.id)).toMatchObject({ isRead: true, starred: false });
    expect(await article(reader.newsArticles[2]!.id)).toMatchObject({ isRead: false, starred: true });
    expect(local.get(freshNumber)).toMatchObject({ title: 'News fresh', isUnread: true, isStarred: false });
    expect(local.get(blog0Id)).toMatchObject({ isUnread: false, isStarred: true });
    expect(local.get(news0Id)).toMatchObject({ isUnread: true, isStarred: false });

    // syncFeed(): one feed's unread ids and all its ids.
    expect(new Set(await client.feedIds(String(reader.newsNumber), true))).toEqual(new Set([freshNumber, news0Id, news2Id]));
    expect(await client.feedIds(String(reader.blogNumber), true)).toEqual([]);
    expect(await client.feedIds(String(reader.blogNumber), false)).toHaveLength(3);
  });

  it('subscribes, makes a group, moves, renames and unsubscribes a feed as Read You does', async () => {
    const reader = await syncReader(services, rest);
    const client = readYouGoogleReader(`${url}/api/greader.php/`, reader.user.username, reader.apiToken);
    const known = await newFeed(services, { title: 'Known Feed' });
    await publish(services, known.id, [{ publishedAt: new Date(Date.UTC(2026, 10, 1)) }]);
    const knownNumber = String((await services.db.feed.findUniqueOrThrow({ where: { id: known.id } })).syncId);
    const list = async () =>
      (
        await client.get<{ subscriptions: { id: string; title: string; categories: { label: string }[] }[] }>(
          'reader/api/0/subscription/list',
        )
      ).subscriptions;

    // addGroup(null, name): an edit of no feed, which makes the folder.
    expect(await client.subscriptionEdit({ categoryId: 'Tech' })).toEqual({ status: 200, body: 'OK' });
    expect(await services.db.folder.count({ where: { userId: reader.user.id, name: 'Tech' } })).toBe(1);

    // subscribe(): quickadd (the address both in the query string and in the form), then an edit into the chosen
    // group. The group just made has the id `<account>$user/-/label/Tech`, whose last part Read You sends as the
    // category: `a=user/-/label/user/-/label/Tech`.
    const quickAdd = await client.post('reader/api/0/subscription/quickadd', [['quickadd', known.url]], [['quickadd', known.url]]);
    expect(quickAdd.status).toBe(200);
    const added = JSON.parse(quickAdd.body) as { streamId?: string };
    expect(added.streamId).toBe(`feed/${knownNumber}`);
    const feedId = added.streamId!.replace('feed/', '');
    expect(await client.subscriptionEdit({ feedId, categoryId: 'user/-/label/Tech', name: 'Known, renamed' })).toEqual({
      status: 200,
      body: 'OK',
    });
    expect((await list()).find((entry) => entry.id === `feed/${knownNumber}`)).toMatchObject({
      title: 'Known, renamed',
      categories: [{ label: 'Tech' }],
    });

    // moveFeed(): the new group added, the old one named as removed; renameFeed(); deleteFeed().
    expect(await client.subscriptionEdit({ feedId, categoryId: 'News', originCategoryId: 'Tech' })).toEqual({ status: 200, body: 'OK' });
    expect((await list()).find((entry) => entry.id === `feed/${knownNumber}`)?.categories).toEqual([
      { id: 'user/-/label/News', label: 'News' },
    ]);
    expect(await client.subscriptionEdit({ feedId, name: 'Known again' })).toEqual({ status: 200, body: 'OK' });
    expect((await list()).find((entry) => entry.id === `feed/${knownNumber}`)?.title).toBe('Known again');
    expect(await client.subscriptionEdit({ action: 'unsubscribe', feedId })).toEqual({ status: 200, body: 'OK' });
    expect((await list()).map((entry) => entry.id)).not.toContain(`feed/${knownNumber}`);
  });

  it('once its token is revoked: a 401 on the next call, and a 401 when it signs in again', async () => {
    const reader = await syncReader(services, rest);
    const client = readYouGoogleReader(`${url}/api/greader`, reader.user.username, reader.apiToken);
    expect((await client.reAuthenticate()).status).toBe(200);
    const [tokenRow] = (await rest('GET', '/tokens', { token: reader.token })).body.tokens;
    await rest('DELETE', `/tokens/${tokenRow.id}`, { token: reader.token });
    const refused = await fetch(`${url}/api/greader/reader/api/0/stream/items/ids?output=json&s=${READING_LIST}&n=${ITEMS_LIMIT}`, {
      headers: { authorization: `GoogleLogin auth=${reader.apiToken}` },
    });
    // A 401 makes Read You clear its Auth and sign in again (RetryException), which answers 401 too.
    expect(refused.status).toBe(401);
    expect(await client.reAuthenticate()).toMatchObject({ status: 401 });
  });
});
