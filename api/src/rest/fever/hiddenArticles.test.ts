import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// Issue 43 through the Fever API: what the reader's filter rules hide leaves the items (walked up from since_id,
// down from max_id, or the newest), their total and the unread ids; saved ids and with_ids keep a saved one. A muted
// feed stays a feed with its items (Fever clients build every list, the feed's own too, from the items they fetch).

const server = await startTestServer();
const { services, rest, url } = server;

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** syncReader's reader (News 0–2 in "Daily News", in the folder News; Blog 0–2 in "A Blog") with a crypto article in each feed. */
async function readerWithCrypto() {
  const reader = await syncReader(services, rest);
  const [newsCrypto] = await publish(services, reader.news.id, [
    { publishedAt: new Date(Date.UTC(2026, 10, 20, 13)), title: 'Crypto news' },
  ]);
  const [blogCrypto] = await publish(services, reader.blog.id, [
    { publishedAt: new Date(Date.UTC(2026, 10, 20, 14)), title: 'Crypto blog' },
  ]);
  const stored = await services.db.article.findMany({
    where: { feedId: { in: [reader.news.id, reader.blog.id] } },
    select: { id: true, syncId: true, title: true },
  });
  const titleOf = new Map(stored.map((article) => [Number(article.syncId), article.title]));
  const numberOf = new Map(stored.map((article) => [article.title, Number(article.syncId)]));
  const key = md5(`${reader.user.username}:${reader.apiToken}`);
  const fever = async (query: string) => {
    const response = await fetch(`${url}/api/fever/?api${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: key }).toString(),
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  /** The titles of an items call, and its total. */
  const items = async (query: string) => {
    const body = await fever(`&items${query}`);
    return { titles: (body.items as { id: number }[]).map((item) => titleOf.get(item.id)), total: body.total_items as number };
  };
  /** The titles of an id list (unread_item_ids, saved_item_ids), in number order. */
  const idList = async (name: string) => {
    const value = (await fever(`&${name}`))[name] as string;
    return value === '' ? [] : value.split(',').map((id) => titleOf.get(Number(id)));
  };
  return { reader, newsCrypto: newsCrypto!, blogCrypto: blogCrypto!, fever, items, idList, numberOf };
}

describe('filter rules and muted feeds in the Fever API', () => {
  it('leaves what the rules hide out of the items, their total and the unread ids, and keeps a saved one saved', async () => {
    const { reader, newsCrypto, items, idList, numberOf } = await readerWithCrypto();
    expect((await items('&since_id=0')).total).toBe(8);
    expect((await rest('POST', `/articles/${newsCrypto.id}/star`, { token: reader.token })).status).toBe(200);
    const rule = await rest('POST', '/filters', { token: reader.token, body: { pattern: 'crypto', fields: ['title'], action: 'hide' } });
    expect(rule.status).toBe(201);

    // syncReader's numbers run News 0, 1, 2, then Blog 0, 1, 2; the crypto ones after.
    const shown = ['News 0', 'News 1', 'News 2', 'Blog 0', 'Blog 1', 'Blog 2'];
    expect(await items('&since_id=0')).toEqual({ titles: shown, total: 6 });
    expect(await items(`&since_id=${numberOf.get('Blog 2')}`)).toEqual({ titles: [], total: 6 });
    expect((await items('')).titles).toEqual([...shown].reverse());
    expect((await items(`&max_id=${numberOf.get('Crypto blog')! + 1}`)).titles).toEqual([...shown].reverse());
    expect(await idList('unread_item_ids')).toEqual(shown);
    // Saved keeps it, and a client fetches it by its number.
    expect(await idList('saved_item_ids')).toEqual(['Crypto news']);
    expect((await items(`&with_ids=${numberOf.get('Crypto news')}`)).titles).toEqual(['Crypto news']);

    expect((await rest('DELETE', `/filters/${rule.body.filter.id}`, { token: reader.token })).status).toBe(204);
    expect(await items('&since_id=0')).toEqual({ titles: [...shown, 'Crypto news', 'Crypto blog'], total: 8 });
    expect(await idList('unread_item_ids')).toEqual([...shown, 'Crypto news', 'Crypto blog']);
  });

  it('keeps a muted feed, its group and its items: Fever has no list to leave it out of', async () => {
    const { reader, fever, items, idList } = await readerWithCrypto();
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.user.id, feedId: reader.news.id } });
    expect((await rest('POST', `/feeds/${subscription.id}/mute`, { token: reader.token })).status).toBe(200);

    const lists = await fever('&groups&feeds');
    expect(lists.feeds.map((feed: { id: number }) => feed.id)).toEqual([Number(reader.newsNumber), Number(reader.blogNumber)]);
    expect(lists.feeds_groups).toContainEqual({ group_id: Number(reader.folderNumber), feed_ids: String(reader.newsNumber) });
    expect(await items('&since_id=0')).toEqual({
      titles: ['News 0', 'News 1', 'News 2', 'Blog 0', 'Blog 1', 'Blog 2', 'Crypto news', 'Crypto blog'],
      total: 8,
    });
    expect(await idList('unread_item_ids')).toHaveLength(8);

    // Marking every item (Kindling, group 0) or the group read marks the muted feed's too: the client listed them.
    await fever('&mark=group&as=read&id=0');
    expect(await idList('unread_item_ids')).toEqual([]);
  });
});
