import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// A Fever client's session (Reeder, FeedMe): authenticate with md5("username:apitoken"), list groups and feeds,
// fetch the unread and saved ids, fetch items in pages, mark items read and saved, mark a feed and a group read,
// and take back recent reads; one user never reaches another's data.

const server = await startTestServer();
const { services, rest, url } = server;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function fever(query: string, form: [string, string][] = []) {
  const response = await fetch(`${url}/api/fever/?api${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: await response.json() };
}

async function feverReader() {
  const reader = await syncReader(services, rest);
  // The key as a Fever client computes it.
  return {
    ...reader,
    key: md5(`${reader.user.username}:${reader.apiToken}`),
    numbers: [...reader.numberOf.values()].sort((a, b) => (a < b ? -1 : 1)).map(Number),
  };
}

describe('the Fever API, replayed as a reader app uses it', () => {
  it('answers an unauthenticated or wrongly keyed call with auth 0 and nothing else', async () => {
    const reader = await feverReader();
    expect(await fever('')).toEqual({ status: 200, body: { api_version: 3, auth: 0 } });
    expect(await fever('&items', [['api_key', md5(`${reader.user.username}:${reader.password}`)]])).toEqual({
      status: 200,
      body: { api_version: 3, auth: 0 },
    });
    expect((await fever('', [['api_key', reader.key]])).body).toEqual({
      api_version: 3,
      auth: 1,
      last_refreshed_on_time: expect.any(Number),
    });
  });

  it('answers at FreshRSS’s address /api/fever.php exactly as at /api/fever/, refusing there what it refuses here', async () => {
    const reader = await feverReader();
    const bookmarkletToken = (await rest('POST', '/tokens', { token: reader.token, body: { name: 'Bookmarklet', scope: 'bookmarklet' } }))
      .body.token as string;
    const call = async (path: string, key: string) => {
      const response = await fetch(`${url}${path}?api&groups&unread_item_ids`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ api_key: key }).toString(),
      });
      const body = await response.json();
      // The refresh time is the call's own.
      return { status: response.status, body: { ...body, last_refreshed_on_time: typeof body.last_refreshed_on_time } };
    };
    for (const path of ['/api/fever.php', '/api/fever.php/']) {
      const alias = await call(path, reader.key);
      expect(alias).toEqual(await call('/api/fever/', reader.key));
      expect(alias.body).toMatchObject({
        api_version: 3,
        auth: 1,
        groups: [{ title: 'News' }, { title: 'Uncategorized' }],
        unread_item_ids: reader.numbers.join(','),
      });
      expect(await call(path, md5(`${reader.user.username}:${bookmarkletToken}`))).toEqual({
        status: 200,
        body: { api_version: 3, auth: 0, last_refreshed_on_time: 'undefined' },
      });
    }
  });

  it('reads api_key from the POST form body only: a key in the query string, by GET or POST, is not signed in', async () => {
    const reader = await feverReader();
    expect(await fever(`&items&api_key=${reader.key}`)).toEqual({ status: 200, body: { api_version: 3, auth: 0 } });
    const viaGet = await fetch(`${url}/api/fever/?api&items&api_key=${reader.key}`);
    expect({ status: viaGet.status, body: await viaGet.json() }).toEqual({ status: 200, body: { api_version: 3, auth: 0 } });
    expect((await fever(`&api_key=${md5('someone:else')}`, [['api_key', reader.key]])).body.auth).toBe(1);
  });

  it('serves groups, feeds, ids and items, and marks through the domain', async () => {
    const reader = await feverReader();
    const auth = [['api_key', reader.key]] as [string, string][];
    const feeds = await fever('&groups&feeds&favicons', auth);
    expect(feeds.body).toEqual({
      api_version: 3,
      auth: 1,
      last_refreshed_on_time: expect.any(Number),
      // The feed in no folder is in a group of its own: clients expect every feed in one.
      groups: [
        { id: Number(reader.folderNumber), title: 'News' },
        { id: 2_147_483_647, title: 'Uncategorized' },
      ],
      feeds: [
        {
          id: Number(reader.newsNumber),
          favicon_id: 0,
          title: 'Daily News',
          url: reader.news.url,
          site_url: '',
          is_spark: 0,
          last_updated_on_time: Math.floor(reader.news.lastFetchedAt!.getTime() / 1000),
        },
        expect.objectContaining({ id: Number(reader.blogNumber), title: 'A Blog' }),
      ],
      feeds_groups: [
        { group_id: Number(reader.folderNumber), feed_ids: String(reader.newsNumber) },
        { group_id: 2_147_483_647, feed_ids: String(reader.blogNumber) },
      ],
      favicons: [],
    });

    expect((await fever('&unread_item_ids', auth)).body.unread_item_ids).toBe(reader.numbers.join(','));
    expect((await fever('&saved_item_ids', auth)).body.saved_item_ids).toBe('');

    // Items in pages from since_id upwards, from max_id downwards, and by id.
    const first = (await fever('&items&since_id=0', auth)).body;
    expect(first.total_items).toBe(6);
    expect(first.items.map((item: { id: number }) => item.id)).toEqual(reader.numbers);
    const news0 = reader.newsArticles[0]!;
    const stored = await services.db.article.findUniqueOrThrow({ where: { id: news0.id } });
    expect(first.items.find((item: { id: number }) => item.id === Number(reader.numberOf.get(news0.id)))).toEqual({
      id: Number(reader.numberOf.get(news0.id)),
      feed_id: Number(reader.newsNumber),
      title: 'News 0',
      author: 'Ann',
      html: stored.content,
      url: stored.url,
      is_saved: 0,
      is_read: 0,
      created_on_time: Math.floor(stored.publishedAt.getTime() / 1000),
    });
    const below = (await fever(`&items&max_id=${reader.numbers[2]}`, auth)).body.items.map((item: { id: number }) => item.id);
    expect(below).toEqual([reader.numbers[1], reader.numbers[0]]);
    const named = (await fever(`&items&with_ids=${reader.numbers[3]},${reader.numbers[0]}`, auth)).body.items;
    expect(named.map((item: { id: number }) => item.id)).toEqual([reader.numbers[3], reader.numbers[0]]);

    // Marks: read and saved, seen by the web app.
    const news0Number = String(reader.numberOf.get(news0.id));
    await fever('', [...auth, ['mark', 'item'], ['as', 'read'], ['id', news0Number]]);
    await fever('', [...auth, ['mark', 'item'], ['as', 'saved'], ['id', news0Number]]);
    expect((await rest('GET', `/articles/${news0.id}`, { token: reader.token })).body.article).toMatchObject({
      isRead: true,
      starred: true,
    });
    expect((await fever('&saved_item_ids', auth)).body.saved_item_ids).toBe(news0Number);
    expect((await fever('&unread_item_ids', auth)).body.unread_item_ids.split(',')).not.toContain(news0Number);
    await fever('', [...auth, ['mark', 'item'], ['as', 'unsaved'], ['id', news0Number]]);
    await fever('', [...auth, ['mark', 'item'], ['as', 'unread'], ['id', news0Number]]);
    expect((await rest('GET', `/articles/${news0.id}`, { token: reader.token })).body.article).toMatchObject({
      isRead: false,
      starred: false,
    });

    // A feed up to a time, then a group, then everything (group 0); then the reads of the last hour come back.
    const before = Math.floor(reader.blogArticles[1]!.publishedAt.getTime() / 1000);
    await fever('', [...auth, ['mark', 'feed'], ['as', 'read'], ['id', String(reader.blogNumber)], ['before', String(before)]]);
    const unreadNow = async () => (await fever('&unread_item_ids', auth)).body.unread_item_ids;
    expect((await unreadNow()).split(',')).not.toContain(String(reader.numberOf.get(reader.blogArticles[1]!.id)));
    expect((await unreadNow()).split(',')).toContain(String(reader.numberOf.get(reader.blogArticles[0]!.id)));
    await fever('', [
      ...auth,
      ['mark', 'group'],
      ['as', 'read'],
      ['id', String(reader.folderNumber)],
      ['before', String((Date.now() / 1000) | 0)],
    ]);
    expect(await unreadNow()).toBe(String(reader.numberOf.get(reader.blogArticles[0]!.id)));
    await fever('', [...auth, ['mark', 'group'], ['as', 'read'], ['id', '0'], ['before', String((Date.now() / 1000) | 0)]]);
    expect(await unreadNow()).toBe('');

    // Only reads (ArticleRead) come back: marking a feed read records none, an item read does.
    await fever('', [...auth, ['mark', 'item'], ['as', 'unread'], ['id', news0Number]]);
    await fever('', [...auth, ['mark', 'item'], ['as', 'read'], ['id', news0Number]]);
    await fever('&unread_recently_read', auth);
    expect(await unreadNow()).toBe(news0Number);

    expect((await fever('', [...auth, ['mark', 'item'], ['as', 'burnt'], ['id', news0Number]])).status).toBe(400);
    expect((await fever('&items&since_id=abc', auth)).status).toBe(400);
  });

  it('never shows or changes another user’s data, and a revoked token’s key stops working', async () => {
    const owner = await feverReader();
    const intruder = await feverReader();
    const auth = [['api_key', intruder.key]] as [string, string][];
    const items = (await fever(`&items&with_ids=${owner.numbers.join(',')}`, auth)).body.items;
    expect(items).toEqual([]);
    const page = (await fever('&items&since_id=0', auth)).body.items.map((item: { id: number }) => item.id);
    expect(page).toEqual(intruder.numbers);
    await fever('', [...auth, ['mark', 'item'], ['as', 'saved'], ['id', String(owner.numbers[0])]]);
    await fever('', [...auth, ['mark', 'feed'], ['as', 'read'], ['id', String(owner.newsNumber)]]);
    expect(await services.db.starredArticle.count({ where: { userId: intruder.user.id } })).toBe(0);
    expect(await services.db.unreadArticle.count({ where: { userId: owner.user.id } })).toBe(6);

    const [tokenRow] = (await rest('GET', '/tokens', { token: owner.token })).body.tokens;
    await rest('DELETE', `/tokens/${tokenRow.id}`, { token: owner.token });
    expect((await fever('&items', [['api_key', owner.key]])).body).toEqual({ api_version: 3, auth: 0 });
  });
});
