import { describe, expect, it } from 'vitest';
import { publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// Issue 43 through the Google Reader API: what the reader's filter rules hide leaves the reading list, the read
// state, a label and a feed, as it leaves the web's lists (starred keeps it); a muted feed leaves the reading list,
// its label and their counts, and its own feed/ stream and count still answer.

const server = await startTestServer();
const { services, rest, url } = server;

const READING_LIST = 'user/-/state/com.google/reading-list';
const READ = 'user/-/state/com.google/read';
const STARRED = 'user/-/state/com.google/starred';
const NEWS_LABEL = 'user/-/label/News';

/**
 * syncReader's reader (News 0–2 in "Daily News", in the folder News; Blog 0–2 in "A Blog", in none) with one more
 * article in each feed about crypto, signed in to the Google Reader API.
 */
async function readerWithCrypto() {
  const reader = await syncReader(services, rest);
  const [newsCrypto] = await publish(services, reader.news.id, [
    { publishedAt: new Date(Date.UTC(2026, 10, 20, 13)), title: 'Crypto news' },
  ]);
  const [blogCrypto] = await publish(services, reader.blog.id, [
    { publishedAt: new Date(Date.UTC(2026, 10, 20, 14)), title: 'Crypto blog' },
  ]);
  const login = await fetch(`${url}/api/greader/accounts/ClientLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Email: reader.user.username, Passwd: reader.apiToken }).toString(),
  });
  const auth = /^Auth=(.*)$/m.exec(await login.text())![1]!;
  const get = async (path: string) => {
    const response = await fetch(`${url}/api/greader/reader/api/0/${path}`, { headers: { authorization: `GoogleLogin auth=${auth}` } });
    expect(response.status).toBe(200);
    return response.json();
  };
  const stored = await services.db.article.findMany({
    where: { feedId: { in: [reader.news.id, reader.blog.id] } },
    select: { syncId: true, title: true },
  });
  const titleOf = new Map(stored.map((article) => [String(article.syncId), article.title]));
  /** The titles of a stream's item ids (stream/items/ids), newest first. */
  const ids = async (stream: string, query = '') =>
    ((await get(`stream/items/ids?s=${encodeURIComponent(stream)}&n=100${query}`)).itemRefs as { id: string }[]).map((ref) =>
      titleOf.get(ref.id),
    );
  /** The titles of a stream's contents (stream/contents), newest first. */
  const contents = async (stream: string, query = '') =>
    ((await get(`stream/contents/${encodeURIComponent(stream)}?n=100${query}`)).items as { title: string }[]).map((item) => item.title);
  const post = async (path: string, form: Record<string, string>) => {
    const response = await fetch(`${url}/api/greader/reader/api/0/${path}`, {
      method: 'POST',
      headers: { authorization: `GoogleLogin auth=${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    expect(response.status).toBe(200);
  };
  const counts = async () =>
    Object.fromEntries(
      ((await get('unread-count?output=json')).unreadcounts as { id: string; count: number }[]).map((entry) => [entry.id, entry.count]),
    );
  return {
    reader,
    newsCrypto: newsCrypto!,
    blogCrypto: blogCrypto!,
    ids,
    contents,
    counts,
    post,
    newsStream: `feed/${reader.newsNumber}`,
    blogStream: `feed/${reader.blogNumber}`,
  };
}

describe('filter rules and muted feeds in the Google Reader API', () => {
  it('leaves what the rules hide out of the reading list, the read state, a label and a feed, and keeps it starred', async () => {
    const { reader, newsCrypto, ids, contents, counts, newsStream, blogStream } = await readerWithCrypto();
    expect(await ids(READING_LIST)).toHaveLength(8);
    // Starred before the rule: the reader kept it.
    expect((await rest('POST', `/articles/${newsCrypto.id}/star`, { token: reader.token })).status).toBe(200);
    const rule = await rest('POST', '/filters', { token: reader.token, body: { pattern: 'crypto', fields: ['title'], action: 'hide' } });
    expect(rule.status).toBe(201);

    const all = ['News 0', 'Blog 0', 'News 1', 'Blog 1', 'News 2', 'Blog 2'];
    expect(await ids(READING_LIST)).toEqual(all);
    expect(await contents(READING_LIST)).toEqual(all);
    expect(await ids(READING_LIST, `&xt=${READ}`)).toEqual(all);
    expect(await ids(READING_LIST, `&r=o`)).toEqual([...all].reverse());
    expect(await ids(NEWS_LABEL)).toEqual(['News 0', 'News 1', 'News 2']);
    expect(await contents(newsStream)).toEqual(['News 0', 'News 1', 'News 2']);
    expect(await ids(blogStream)).toEqual(['Blog 0', 'Blog 1', 'Blog 2']);
    // A hidden article is not unread, and not read either: it is in neither state.
    expect(await ids(READ)).toEqual([]);
    expect(await ids(READING_LIST, `&it=${READ}`)).toEqual([]);
    expect(await ids(STARRED)).toEqual(['Crypto news']);
    expect(await contents(STARRED)).toEqual(['Crypto news']);
    expect(await counts()).toMatchObject({ [READING_LIST]: 6, [NEWS_LABEL]: 3, [newsStream]: 3, [blogStream]: 3 });

    // Read ones stay in the read state, and the hidden ones come back when the rule goes.
    expect((await rest('POST', `/articles/${reader.newsArticles[0]!.id}/read`, { token: reader.token })).status).toBe(200);
    expect(await ids(READ)).toEqual(['News 0']);
    expect((await rest('DELETE', `/filters/${rule.body.filter.id}`, { token: reader.token })).status).toBe(204);
    expect(await ids(READING_LIST, `&xt=${READ}`)).toEqual([
      'Crypto blog',
      'Crypto news',
      'Blog 0',
      'News 1',
      'Blog 1',
      'News 2',
      'Blog 2',
    ]);
  });

  it('leaves a muted feed out of the reading list, its label and their counts, and answers its own stream and count', async () => {
    const { reader, ids, contents, counts, post, newsStream, blogStream } = await readerWithCrypto();
    await rest('POST', '/filters', { token: reader.token, body: { pattern: 'crypto', fields: ['title'], action: 'hide' } });
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.user.id, feedId: reader.news.id } });
    expect((await rest('POST', `/feeds/${subscription.id}/mute`, { token: reader.token })).status).toBe(200);

    const blog = ['Blog 0', 'Blog 1', 'Blog 2'];
    expect(await ids(READING_LIST)).toEqual(blog);
    expect(await ids(READING_LIST, `&xt=${READ}`)).toEqual(blog);
    expect(await contents(READING_LIST, `&xt=${READ}`)).toEqual(blog);
    expect(await ids(NEWS_LABEL)).toEqual([]);
    expect(await ids(NEWS_LABEL, `&xt=${READ}`)).toEqual([]);
    // Its own stream still answers, less what the rules hide.
    expect(await ids(newsStream)).toEqual(['News 0', 'News 1', 'News 2']);
    expect(await contents(newsStream, `&xt=${READ}`)).toEqual(['News 0', 'News 1', 'News 2']);
    expect(await ids(blogStream)).toEqual(blog);

    // Read: the read state of the reading list leaves it out too.
    await rest('POST', `/articles/${reader.newsArticles[1]!.id}/read`, { token: reader.token });
    await rest('POST', `/articles/${reader.blogArticles[1]!.id}/read`, { token: reader.token });
    expect(await ids(READ)).toEqual(['Blog 1']);
    expect(await ids(newsStream, `&it=${READ}`)).toEqual(['News 1']);

    const muted = await counts();
    expect(muted[newsStream]).toBe(2);
    expect(muted[blogStream]).toBe(2);
    expect(muted[READING_LIST]).toBe(2);
    expect(muted[NEWS_LABEL]).toBeUndefined();

    // Marking the reading list or the label read leaves the muted feed unread; its own stream marks its own.
    await post('mark-all-as-read', { s: READING_LIST });
    await post('mark-all-as-read', { s: NEWS_LABEL });
    expect(await ids(newsStream, `&xt=${READ}`)).toEqual(['News 0', 'News 2']);
    expect(await ids(blogStream, `&xt=${READ}`)).toEqual([]);

    await rest('DELETE', `/feeds/${subscription.id}/mute`, { token: reader.token });
    expect(await counts()).toMatchObject({ [READING_LIST]: 2, [NEWS_LABEL]: 2, [newsStream]: 2 });
    expect(await ids(NEWS_LABEL)).toEqual(['News 0', 'News 1', 'News 2']);
    await post('mark-all-as-read', { s: newsStream });
    expect(await ids(READING_LIST, `&xt=${READ}`)).toEqual([]);
  });
});
