import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { follow, newFeed, publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// The Atom stream of the older Google Reader dialect (FeedHQ, The Old Reader), which newsboat's `feedhq` and
// `oldreader` sources read items from: the same page as stream/contents, written as Google Reader's Atom.

const server = await startTestServer();
const { services, rest, url } = server;

const READING_LIST = 'user/-/state/com.google/reading-list';
const READ = 'user/-/state/com.google/read';
const STARRED = 'user/-/state/com.google/starred';
const SCHEME = 'http://www.google.com/reader/';
const LONG_ID = /^tag:google\.com,2005:reader\/item\/[0-9a-f]{16}$/;

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  isArray: (name) => ['entry', 'category', 'link'].includes(name),
});

type Entry = {
  'gr:crawl-timestamp-msec': string;
  id: string;
  category: { term: string; scheme: string; label: string }[];
  title: string;
  published: string;
  updated: string;
  link?: { rel: string; href: string; type: string }[];
  content: { type: string; '#text'?: string };
  author?: { name: string };
  source: { 'gr:stream-id': string; id: string; title: string };
};

async function greader(path: string, auth: string, init: { method?: string; body?: string } = {}) {
  const response = await fetch(`${url}/api/greader${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `GoogleLogin auth=${auth}`,
      ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: init.body,
  });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

/** An Atom stream call, its feed parsed. */
async function atom(stream: string, query: string, auth: string) {
  const response = await greader(`/reader/atom/${stream}${query}`, auth);
  const feed = response.status === 200 ? xml.parse(response.text).feed : null;
  return { ...response, feed, entries: (feed?.entry ?? []) as Entry[] };
}

const titles = (entries: Entry[]) => entries.map((entry) => entry.title);

describe('the Atom stream (/reader/atom/…)', () => {
  it('writes a feed’s page as Google Reader’s Atom: item ids, categories, content, link, source and continuation', async () => {
    const reader = await syncReader(services, rest);
    const auth = reader.apiToken;
    const newsStream = `feed/${reader.newsNumber}`;

    const first = await atom(encodeURIComponent(newsStream), '?n=2', auth);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/atom+xml; charset=utf-8');
    expect(first.text).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom" xmlns:gr="http:\/\/www.google.com\/schemas\/reader\/atom\/">/,
    );
    expect(first.feed).toMatchObject({
      id: `tag:google.com,2005:reader/${newsStream}`,
      title: 'Daily News',
      'gr:continuation': expect.any(String),
    });
    expect(titles(first.entries)).toEqual(['News 0', 'News 1']);

    const article = await services.db.article.findUniqueOrThrow({ where: { id: reader.newsArticles[0]!.id } });
    const number = reader.numberOf.get(article.id)!;
    expect(first.entries[0]).toEqual({
      'gr:crawl-timestamp-msec': String(article.createdAt.getTime()),
      id: `tag:google.com,2005:reader/item/${number.toString(16).padStart(16, '0')}`,
      category: [
        { term: READING_LIST, scheme: SCHEME, label: 'reading-list' },
        { term: 'user/-/label/News', scheme: SCHEME, label: 'News' },
      ],
      title: 'News 0',
      published: article.publishedAt.toISOString(),
      updated: article.publishedAt.toISOString(),
      link: [{ rel: 'alternate', href: article.url, type: 'text/html' }],
      content: { type: 'html', '#text': article.content },
      author: { name: 'Ann' },
      source: { 'gr:stream-id': newsStream, id: `tag:google.com,2005:reader/${newsStream}`, title: 'Daily News' },
    });
    expect(first.entries[0]!.id).toMatch(LONG_ID);

    // The continuation pages on; the last page has none. The stream's slashes may come unencoded (The Old Reader's form).
    const last = await atom(newsStream, `?n=2&c=${first.feed['gr:continuation']}`, auth);
    expect(titles(last.entries)).toEqual(['News 2']);
    expect(last.feed).not.toHaveProperty('gr:continuation');

    // The same page as stream/contents: one read, two writings.
    const json = JSON.parse((await greader(`/reader/api/0/stream/contents/${encodeURIComponent(newsStream)}?n=2`, auth)).text);
    expect(first.entries.map((entry) => entry.id)).toEqual(json.items.map((item: { id: string }) => item.id));
    expect(first.feed['gr:continuation']).toBe(json.continuation);
  });

  it('serves labels, the reading list and the read and starred states, with n, xt and ot', async () => {
    const reader = await syncReader(services, rest);
    const auth = reader.apiToken;
    const [news0, news1] = reader.newsArticles.map(
      (article) => `tag:google.com,2005:reader/item/${reader.numberOf.get(article.id)!.toString(16)}`,
    );
    const edit = (form: string) => greader('/reader/api/0/edit-tag', auth, { method: 'POST', body: form });
    expect((await edit(`i=${news0}&a=${READ}&a=${STARRED}`)).text).toBe('OK');
    expect((await edit(`i=${news1}&a=${READ}`)).text).toBe('OK');

    expect(titles((await atom('user/-/label/News', '', auth)).entries)).toEqual(['News 0', 'News 1', 'News 2']);
    expect(titles((await atom(encodeURIComponent(READING_LIST), '?n=4', auth)).entries)).toEqual(['News 0', 'Blog 0', 'News 1', 'Blog 1']);
    expect(titles((await atom(READING_LIST, `?xt=${encodeURIComponent(READ)}&n=50`, auth)).entries)).toEqual([
      'Blog 0',
      'Blog 1',
      'News 2',
      'Blog 2',
    ]);
    expect(titles((await atom(READ, '', auth)).entries)).toEqual(['News 0', 'News 1']);

    const starred = await atom(STARRED, '', auth);
    expect(titles(starred.entries)).toEqual(['News 0']);
    expect(starred.feed.title).toBe('Starred items');
    expect(starred.entries[0]!.category.map((category) => category.label)).toEqual(['reading-list', 'News', 'read', 'starred']);

    // ot: published at or after it (Unix seconds).
    const since = Math.floor(reader.blogArticles[0]!.publishedAt.getTime() / 1000);
    expect(titles((await atom(READING_LIST, `?ot=${since}`, auth)).entries)).toEqual(['News 0', 'Blog 0']);
  });

  it('writes any title and content as well-formed XML that reads back as it was', async () => {
    const reader = await syncReader(services, rest);
    const feed = await newFeed(services, { title: 'Q&A <weekly>' });
    await follow(services, reader.user.id, feed.id);
    const [article] = await publish(services, feed.id, [
      { publishedAt: new Date(Date.UTC(2026, 10, 21)), title: 'Ben & Jerry’s <3 "quotes"', content: '<p>1 &lt; 2 &amp; <b>bold</b></p>' },
    ]);
    const number = (await services.db.feed.findUniqueOrThrow({ where: { id: feed.id } })).syncId;
    const stored = await services.db.article.findUniqueOrThrow({ where: { id: article!.id } });
    const page = await atom(`feed%2F${number}`, '', reader.apiToken);
    expect(page.feed.title).toBe('Q&A <weekly>');
    expect(page.entries[0]).toMatchObject({
      title: 'Ben & Jerry’s <3 "quotes"',
      content: { type: 'html', '#text': stored.content },
      source: { title: 'Q&A <weekly>' },
    });
  });

  it('refuses bad input as stream/contents does, and another user’s feed', async () => {
    const reader = await syncReader(services, rest);
    const other = await syncReader(services, rest);
    const auth = reader.apiToken;
    const newsStream = encodeURIComponent(`feed/${reader.newsNumber}`);
    for (const [stream, query, status] of [
      ['user%2F-%2Fstate%2Fcom.google%2Fnope', '', 400],
      ['nothing', '', 400],
      [newsStream, '?n=0', 400],
      [newsStream, '?n=-3', 400],
      [newsStream, '?c=not-a-continuation', 400],
      ['user/-/label/Nowhere', '', 404],
      [encodeURIComponent(`feed/${other.newsNumber}`), '', 404],
    ] as const) {
      const answer = await greader(`/reader/atom/${stream}${query}`, auth);
      const json = await greader(`/reader/api/0/stream/contents/${stream}${query}`, auth);
      expect({ stream, query, status: answer.status }).toEqual({ stream, query, status });
      expect(answer).toEqual(json);
    }
    // No Auth, no stream.
    expect(await greader(`/reader/atom/${newsStream}`, 'tid_unknown')).toMatchObject({ status: 401, text: 'Unauthorized!' });
  });
});

describe('newsboat 2.21’s `feedhq` source, its requests replayed (src/feedhqapi.cpp, rss/atomparser.cpp)', () => {
  it('signs in, lists feeds, reads each feed’s Atom stream and syncs read, unread, starred and mark-all back', async () => {
    const reader = await syncReader(services, rest);
    const base = `${url}/api/greader`;
    const userAgent = 'newsboat/2.21.0 (Linux x86_64)';
    const call = async (address: string, auth: string | null, form?: string) => {
      const response = await fetch(address, {
        method: form === undefined ? 'GET' : 'POST',
        headers: {
          'user-agent': userAgent,
          ...(auth ? { authorization: `GoogleLogin auth=${auth}` } : {}),
          // curl's CURLOPT_POSTFIELDS says so; the body is built by hand, unencoded where newsboat leaves it so.
          ...(form === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body: form,
      });
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    };

    // The body as newsboat 2.21 sends it, captured from the real client (its `source` is mangled by its own format string).
    const login = await call(
      `${base}/accounts/ClientLogin`,
      null,
      `service=reader&Email=${reader.user.username}&Passwd=${reader.apiToken}&source=newsboat0.000000&accountType=HOSTED_OR_GOOGLE&continue=http://www.google.com/`,
    );
    expect(login.status).toBe(200);
    // newsboat splits the answer into lines and keeps the one starting "Auth=".
    const auth = login.text
      .split('\n')
      .find((line) => line.startsWith('Auth='))!
      .slice('Auth='.length);
    expect(auth).toBe(reader.apiToken);

    const list = JSON.parse((await call(`${base}/reader/api/0/subscription/list?output=json`, auth)).text);
    // Each subscription becomes <feedhq-url>/reader/atom/<curl-escaped id>?n=<feedhq-min-items, 20>, titled by its title.
    const feedUrls = list.subscriptions.map((subscription: { id: string; title: string }) => ({
      address: `${base}/reader/atom/${encodeURIComponent(subscription.id)}?n=20`,
      title: subscription.title,
    }));
    expect(feedUrls).toEqual([
      { address: `${base}/reader/atom/feed%2F${reader.newsNumber}?n=20`, title: 'Daily News' },
      { address: `${base}/reader/atom/feed%2F${reader.blogNumber}?n=20`, title: 'A Blog' },
    ]);

    // What rss/atomparser.cpp keeps of an entry: the id as guid, the title, the link, and the labels of the
    // categories of Google Reader's scheme, of which "read" marks it read.
    const fetchFeed = async (address: string) => {
      const answer = await call(address, auth);
      expect(answer).toMatchObject({ status: 200, type: 'application/atom+xml; charset=utf-8' });
      return (xml.parse(answer.text).feed.entry as Entry[]).map((entry) => ({
        guid: entry.id,
        title: entry.title,
        link: entry.link?.find((link) => link.rel === 'alternate')?.href,
        labels: entry.category.filter((category) => category.scheme === SCHEME).map((category) => category.label),
      }));
    };
    const news = await fetchFeed(feedUrls[0].address);
    expect(news.map((entry) => [entry.title, entry.labels])).toEqual([
      ['News 0', ['reading-list', 'News']],
      ['News 1', ['reading-list', 'News']],
      ['News 2', ['reading-list', 'News']],
    ]);
    expect(news.every((entry) => LONG_ID.test(entry.guid) && entry.link?.startsWith('https://'))).toBe(true);
    expect((await fetchFeed(feedUrls[1].address)).map((entry) => entry.title)).toEqual(['Blog 0', 'Blog 1', 'Blog 2']);

    // Every write fetches a token first and sends it back as T, its line break included; an answer other than "OK" is a failure.
    const token = (await call(`${base}/reader/api/0/token`, auth)).text;
    const editTag = (form: string) => call(`${base}/reader/api/0/edit-tag`, auth, `${form}&T=${token}`);
    const guid = news[1]!.guid;
    expect((await editTag(`i=${guid}&a=user/-/state/com.google/read&r=user/-/state/com.google/kept-unread&ac=edit`)).text).toBe('OK');
    expect((await fetchFeed(feedUrls[0].address))[1]!.labels).toEqual(['reading-list', 'News', 'read']);
    const article = () => rest('GET', `/articles/${reader.newsArticles[1]!.id}`, { token: reader.token });
    expect((await article()).body.article).toMatchObject({ isRead: true, starred: false });

    const unread = `i=${guid}&r=user/-/state/com.google/read&a=user/-/state/com.google/kept-unread&a=user/-/state/com.google/tracking-kept-unread&ac=edit`;
    expect((await editTag(unread)).text).toBe('OK');
    expect((await editTag(`i=${guid}&a=user/-/state/com.google/starred&ac=edit`)).text).toBe('OK');
    expect((await article()).body.article).toMatchObject({ isRead: false, starred: true });
    expect((await fetchFeed(feedUrls[0].address))[1]!.labels).toEqual(['reading-list', 'News', 'starred']);
    expect((await editTag(`i=${guid}&r=user/-/state/com.google/starred&ac=edit`)).text).toBe('OK');

    // Mark feed read: s is the stream id cut from the feed's address and unescaped.
    expect((await call(`${base}/reader/api/0/mark-all-as-read`, auth, `s=feed/${reader.newsNumber}&T=${token}`)).text).toBe('OK');
    expect((await fetchFeed(feedUrls[0].address)).map((entry) => entry.labels.includes('read'))).toEqual([true, true, true]);
    expect((await fetchFeed(feedUrls[1].address)).map((entry) => entry.labels.includes('read'))).toEqual([false, false, false]);
  });
});
