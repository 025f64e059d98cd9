import { describe, expect, it } from 'vitest';
import { newFeed, publish } from '../../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../../test/server.ts';
import { syncReader } from '../../../test/syncFixtures.ts';

// A reader app's session against the Google Reader API, as NetNewsWire and Reeder run it (sign in, list
// subscriptions and labels, fetch unread and starred ids, fetch the items in chunks, mark read and starred, mark
// all read), asserting the formats FreshRSS answers and that one user never reaches another's data.

const server = await startTestServer();
const { services, rest, url } = server;

const READING_LIST = 'user/-/state/com.google/reading-list';
const READ = 'user/-/state/com.google/read';
const STARRED = 'user/-/state/com.google/starred';
const BROADCAST = 'user/-/state/com.google/broadcast';
const LONG_ID = /^tag:google\.com,2005:reader\/item\/[0-9a-f]{16}$/;

type Call = { auth?: string; form?: [string, string][]; headers?: Record<string, string> };

async function greader(method: string, path: string, call: Call = {}) {
  const headers: Record<string, string> = { ...call.headers };
  if (call.auth) headers.authorization = `GoogleLogin auth=${call.auth}`;
  if (call.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${url}/api/greader${path}`, {
    method,
    headers,
    body: call.form ? new URLSearchParams(call.form).toString() : undefined,
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, text, json };
}

const readerWithFeeds = () => syncReader(services, rest);

async function signIn(username: string, password: string) {
  const response = await greader('POST', '/accounts/ClientLogin', {
    form: [
      ['Email', username],
      ['Passwd', password],
    ],
  });
  return { ...response, auth: /^Auth=(.*)$/m.exec(response.text)?.[1] ?? '' };
}

describe('the Google Reader API, replayed as a reader app uses it', () => {
  it('signs in with the API password and serves the whole sync session in FreshRSS’s formats', async () => {
    const reader = await readerWithFeeds();
    const newsStream = `feed/${reader.newsNumber}`;
    const blogStream = `feed/${reader.blogNumber}`;

    // ClientLogin: text/plain lines, the Auth value without '='.
    const login = await signIn(reader.user.username, reader.apiToken);
    expect(login.status).toBe(200);
    expect(login.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(login.text).toBe(`SID=${login.auth}\nLSID=null\nAuth=${login.auth}\n`);
    expect(login.auth).not.toContain('=');
    const auth = login.auth;

    const token = await greader('GET', '/reader/api/0/token', { auth });
    expect(token.status).toBe(200);
    expect(token.text).toMatch(/^[0-9a-zA-Z]{57}\n$/);

    expect((await greader('GET', '/reader/api/0/user-info?output=json', { auth })).json).toEqual({
      userId: reader.user.id,
      userName: reader.user.username,
      userProfileId: reader.user.id,
      // Never the address: a token must not learn where a reset link would go.
      userEmail: reader.user.username,
    });

    expect((await greader('GET', '/reader/api/0/subscription/list?output=json', { auth })).json).toEqual({
      subscriptions: [
        {
          id: newsStream,
          title: 'Daily News',
          categories: [{ id: 'user/-/label/News', label: 'News' }],
          url: reader.news.url,
          htmlUrl: '',
        },
        { id: blogStream, title: 'A Blog', categories: [], url: reader.blog.url, htmlUrl: '' },
      ],
    });

    expect((await greader('GET', '/reader/api/0/tag/list?output=json', { auth })).json).toEqual({
      tags: [
        { id: STARRED },
        { id: READ },
        { id: 'user/-/state/com.google/like' },
        { id: BROADCAST },
        { id: 'user/-/label/News', type: 'folder' },
        { id: 'user/-/label/Highlights', type: 'tag' },
      ],
    });

    const usec = (date: Date) => `${date.getTime()}000`;
    const newest = reader.newsArticles[0]!.publishedAt;
    expect((await greader('GET', '/reader/api/0/unread-count?output=json', { auth })).json).toEqual({
      max: 6,
      unreadcounts: expect.arrayContaining([
        { id: newsStream, count: 3, newestItemTimestampUsec: usec(newest) },
        { id: blogStream, count: 3, newestItemTimestampUsec: usec(reader.blogArticles[0]!.publishedAt) },
        { id: 'user/-/label/News', count: 3, newestItemTimestampUsec: usec(newest) },
        { id: READING_LIST, count: 6, newestItemTimestampUsec: usec(newest) },
      ]),
    });

    // Unread ids in chunks: short decimal ids, the continuation a string.
    const everyNumber = [0, 1, 2]
      .flatMap((i) => [reader.newsArticles[i]!.id, reader.blogArticles[i]!.id])
      .map((id) => reader.numberOf.get(id)!);
    const firstIds = await greader('GET', `/reader/api/0/stream/items/ids?s=${READING_LIST}&xt=${READ}&n=4&output=json`, { auth });
    expect(firstIds.json.itemRefs).toEqual(everyNumber.slice(0, 4).map((number) => ({ id: String(number) })));
    expect(typeof firstIds.json.continuation).toBe('string');
    const restIds = await greader(
      'GET',
      `/reader/api/0/stream/items/ids?s=${READING_LIST}&xt=${READ}&n=4&c=${firstIds.json.continuation}&output=json`,
      { auth },
    );
    expect(restIds.json).toEqual({ itemRefs: everyNumber.slice(4).map((number) => ({ id: String(number) })) });

    // Items by id, long and short forms mixed, in the order asked.
    const [first, second] = everyNumber as [bigint, bigint];
    const longId = `tag:google.com,2005:reader/item/${first.toString(16).padStart(16, '0')}`;
    const contents = await greader('POST', '/reader/api/0/stream/items/contents?output=json', {
      auth,
      form: [
        ['i', longId],
        ['i', second.toString()],
        ['T', 'x'],
      ],
    });
    expect(contents.status).toBe(200);
    expect(contents.json).toEqual({ id: READING_LIST, updated: expect.any(Number), items: [expect.any(Object), expect.any(Object)] });
    const item = contents.json.items[0];
    const article = await services.db.article.findUniqueOrThrow({ where: { id: reader.newsArticles[0]!.id } });
    expect(item).toEqual({
      id: longId,
      crawlTimeMsec: String(article.createdAt.getTime()),
      timestampUsec: `${article.createdAt.getTime()}000`,
      published: Math.floor(article.publishedAt.getTime() / 1000),
      title: 'News 0',
      canonical: [{ href: article.url, type: 'text/html' }],
      alternate: [{ href: article.url, type: 'text/html' }],
      author: 'Ann',
      summary: { content: article.content },
      categories: [READING_LIST, 'user/-/label/News'],
      origin: { streamId: newsStream, title: 'Daily News', htmlUrl: '' },
    });
    expect(item.id).toMatch(LONG_ID);
    expect(contents.json.items[1].title).toBe('Blog 0');

    // A feed's stream in pages, newest first and oldest first.
    const page1 = await greader('GET', `/reader/api/0/stream/contents/${encodeURIComponent(newsStream)}?n=2&output=json`, { auth });
    expect(page1.json.id).toBe(newsStream);
    expect(page1.json.items.map((entry: { title: string }) => entry.title)).toEqual(['News 0', 'News 1']);
    const page2 = await greader('GET', `/reader/api/0/stream/contents/${encodeURIComponent(newsStream)}?n=2&c=${page1.json.continuation}`, {
      auth,
    });
    expect(page2.json.items.map((entry: { title: string }) => entry.title)).toEqual(['News 2']);
    expect(page2.json).not.toHaveProperty('continuation');
    const oldest = await greader('GET', `/reader/api/0/stream/contents?s=user/-/label/News&r=o&n=5`, { auth });
    expect(oldest.json.items.map((entry: { title: string }) => entry.title)).toEqual(['News 2', 'News 1', 'News 0']);

    // Mark read and starred, as the web app sees it.
    const edit = await greader('POST', '/reader/api/0/edit-tag', {
      auth,
      form: [
        ['i', longId],
        ['i', second.toString()],
        ['a', READ],
        ['T', token.text.trim()],
      ],
    });
    expect(edit).toMatchObject({ status: 200, text: 'OK' });
    await greader('POST', '/reader/api/0/edit-tag', {
      auth,
      form: [
        ['i', longId],
        ['a', STARRED],
        ['a', BROADCAST],
      ],
    });
    const web = await rest('GET', `/articles/${reader.newsArticles[0]!.id}`, { token: reader.token });
    expect(web.body.article).toMatchObject({ isRead: true, starred: true });
    expect(await services.db.share.findFirst({ where: { userId: reader.user.id, articleId: reader.newsArticles[0]!.id } })).toMatchObject({
      isPublic: true,
    });

    const starredIds = await greader('GET', `/reader/api/0/stream/items/ids?s=${STARRED}&n=100`, { auth });
    expect(starredIds.json).toEqual({ itemRefs: [{ id: String(first) }] });
    const broadcast = await greader('GET', `/reader/api/0/stream/contents/${BROADCAST}`, { auth });
    expect(broadcast.json.items[0].categories).toEqual([READING_LIST, 'user/-/label/News', READ, STARRED, BROADCAST]);

    // Read items, asked for either way.
    const readStream = await greader('GET', `/reader/api/0/stream/items/ids?s=${READ}&n=100`, { auth });
    const readOfList = await greader('GET', `/reader/api/0/stream/items/ids?s=${READING_LIST}&it=${READ}&n=100`, { auth });
    expect(readStream.json.itemRefs).toEqual([{ id: String(first) }, { id: String(second) }]);
    expect(readOfList.json).toEqual(readStream.json);

    const counts = async () =>
      Object.fromEntries(
        (await greader('GET', '/reader/api/0/unread-count', { auth })).json.unreadcounts.map((entry: { id: string; count: number }) => [
          entry.id,
          entry.count,
        ]),
      );
    expect(await counts()).toEqual({ [newsStream]: 2, [blogStream]: 2, 'user/-/label/News': 2, [READING_LIST]: 4 });

    // Undo read and star.
    await greader('POST', '/reader/api/0/edit-tag', {
      auth,
      form: [
        ['i', longId],
        ['r', READ],
        ['r', STARRED],
        ['r', BROADCAST],
      ],
    });
    expect((await rest('GET', `/articles/${reader.newsArticles[0]!.id}`, { token: reader.token })).body.article).toMatchObject({
      isRead: false,
      starred: false,
    });
    expect(await services.db.share.count({ where: { userId: reader.user.id } })).toBe(0);

    // Mark all read: a feed up to a time (microseconds), a label, then the whole list.
    const ts = `${reader.blogArticles[2]!.publishedAt.getTime()}000`;
    expect(
      await greader('POST', '/reader/api/0/mark-all-as-read', {
        auth,
        form: [
          ['s', blogStream],
          ['ts', ts],
        ],
      }),
    ).toMatchObject({
      status: 200,
      text: 'OK',
    });
    expect((await counts())[blogStream]).toBe(1);
    await greader('POST', '/reader/api/0/mark-all-as-read', { auth, form: [['s', 'user/-/label/News']] });
    expect(await counts()).toEqual({ [blogStream]: 1, [READING_LIST]: 1 });
    await greader('POST', '/reader/api/0/mark-all-as-read', { auth, form: [['s', READING_LIST]] });
    expect((await greader('GET', '/reader/api/0/unread-count', { auth })).json).toEqual({
      max: 0,
      unreadcounts: [{ id: READING_LIST, count: 0, newestItemTimestampUsec: '0' }],
    });
  });

  it('refuses wrong credentials, the login password, a missing or bad Auth, and a revoked token', async () => {
    const reader = await readerWithFeeds();
    const other = await readerWithFeeds();
    for (const [username, password] of [
      [reader.user.username, 'tid_wrong'],
      [reader.user.username, reader.password],
      [reader.user.username, other.apiToken],
      ['', ''],
    ]) {
      const login = await signIn(username!, password!);
      expect(login).toMatchObject({ status: 401, text: 'Unauthorized!' });
    }
    expect((await signIn(reader.user.username.toUpperCase(), reader.apiToken)).status).toBe(200);

    const unauthorized = await greader('GET', '/reader/api/0/subscription/list');
    expect(unauthorized).toMatchObject({ status: 401, text: 'Unauthorized!' });
    expect(unauthorized.headers.get('google-bad-token')).toBe('true');
    expect((await greader('GET', '/reader/api/0/subscription/list', { auth: reader.token })).status).toBe(401);

    const { auth } = await signIn(reader.user.username, reader.apiToken);
    expect((await greader('GET', '/reader/api/0/tag/list', { auth })).status).toBe(200);
    const [tokenRow] = (await rest('GET', '/tokens', { token: reader.token })).body.tokens;
    expect((await rest('DELETE', `/tokens/${tokenRow.id}`, { token: reader.token })).status).toBe(204);
    expect((await greader('GET', '/reader/api/0/tag/list', { auth })).status).toBe(401);
  });

  it('answers at FreshRSS’s address /api/greader.php exactly as at /api/greader, refusing there what it refuses here', async () => {
    const reader = await readerWithFeeds();
    const bookmarkletToken = (await rest('POST', '/tokens', { token: reader.token, body: { name: 'Bookmarklet', scope: 'bookmarklet' } }))
      .body.token as string;
    const call = async (prefix: string, method: string, path: string, init: { auth?: string; form?: [string, string][] } = {}) => {
      const response = await fetch(`${url}${prefix}${path}`, {
        method,
        headers: {
          ...(init.auth ? { authorization: `GoogleLogin auth=${init.auth}` } : {}),
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      });
      return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
    };
    const login = (prefix: string, password: string) =>
      call(prefix, 'POST', '/accounts/ClientLogin', {
        form: [
          ['Email', reader.user.username],
          ['Passwd', password],
        ],
      });

    const aliasLogin = await login('/api/greader.php', reader.apiToken);
    expect(aliasLogin).toEqual(await login('/api/greader', reader.apiToken));
    expect(aliasLogin).toMatchObject({ status: 200, text: `SID=${reader.apiToken}\nLSID=null\nAuth=${reader.apiToken}\n` });
    const auth = reader.apiToken;
    for (const path of [
      '/reader/api/0/subscription/list?output=json',
      '/reader/api/0/tag/list?output=json',
      `/reader/api/0/stream/items/ids?s=${READING_LIST}&xt=${READ}&n=4`,
      `/reader/atom/feed%2F${reader.newsNumber}?n=2`,
    ]) {
      const alias = await call('/api/greader.php', 'GET', path, { auth });
      expect(alias.status).toBe(200);
      // The Atom feed's own <updated> is the time of the call.
      const untimed = (text: string) => text.replace(/^<updated>.*<\/updated>$/m, '');
      expect(untimed(alias.text)).toBe(untimed((await call('/api/greader', 'GET', path, { auth })).text));
    }

    // The credential rules hold on the alias: no bookmarklet token, no session token, nothing without Auth.
    expect(await login('/api/greader.php', bookmarkletToken)).toMatchObject({ status: 401, text: 'Unauthorized!' });
    for (const badAuth of [bookmarkletToken, reader.token, undefined]) {
      for (const path of ['/reader/api/0/subscription/list', `/reader/atom/feed%2F${reader.newsNumber}`]) {
        expect(await call('/api/greader.php', 'GET', path, { auth: badAuth })).toMatchObject({ status: 401, text: 'Unauthorized!' });
      }
    }
    expect((await call('/api/greader.php', 'GET', '/accounts/ClientLogin')).status).toBe(405);
  });

  it('takes ClientLogin’s credentials from a POST form body only: a GET is 405, a query string signs nobody in', async () => {
    const reader = await readerWithFeeds();
    const query = new URLSearchParams({ Email: reader.user.username, Passwd: reader.apiToken }).toString();
    for (const method of ['GET', 'HEAD']) {
      const viaGet = await greader(method, `/accounts/ClientLogin?${query}`);
      expect(viaGet.status).toBe(405);
      expect(viaGet.headers.get('allow')).toBe('POST');
      expect(viaGet.text).not.toContain('Auth=');
    }
    expect((await greader('GET', `/accounts/ClientLogin?${query}`)).text).toBe(
      'ClientLogin takes POST only, with Email and Passwd in the form body: credentials in the address are refused.',
    );
    expect(await greader('POST', `/accounts/ClientLogin?${query}`)).toMatchObject({ status: 401, text: 'Unauthorized!' });
    expect(await greader('POST', `/accounts/ClientLogin?${query}`, { form: [['Email', reader.user.username]] })).toMatchObject({
      status: 401,
      text: 'Unauthorized!',
    });
    expect((await signIn(reader.user.username, reader.apiToken)).status).toBe(200);
  });

  it('never shows or changes another user’s feeds, items or states', async () => {
    const owner = await readerWithFeeds();
    const intruder = await signUp(services);
    const intruderToken = (await rest('POST', '/tokens', { token: intruder.token, body: { name: 'Reeder' } })).body.token as string;
    const { auth } = await signIn(intruder.user.username, intruderToken);
    const ownerNumbers = owner.newsArticles.map((article) => owner.numberOf.get(article.id)!);

    expect((await greader('GET', '/reader/api/0/subscription/list', { auth })).json).toEqual({ subscriptions: [] });
    expect((await greader('GET', '/reader/api/0/tag/list', { auth })).json.tags).not.toContainEqual(
      expect.objectContaining({ type: 'folder' }),
    );
    expect((await greader('GET', `/reader/api/0/stream/items/ids?s=${READING_LIST}&n=100`, { auth })).json).toEqual({ itemRefs: [] });
    expect((await greader('GET', `/reader/api/0/stream/contents/feed%2F${owner.newsNumber}`, { auth })).status).toBe(404);
    expect((await greader('GET', '/reader/api/0/stream/contents/user/-/label/News', { auth })).status).toBe(404);
    const items = await greader('GET', `/reader/api/0/stream/items/contents?${ownerNumbers.map((n) => `i=${n}`).join('&')}`, { auth });
    expect(items.json.items).toEqual([]);

    await greader('POST', '/reader/api/0/edit-tag', {
      auth,
      form: [
        ['i', String(ownerNumbers[0])],
        ['a', READ],
        ['a', STARRED],
      ],
    });
    await greader('POST', '/reader/api/0/mark-all-as-read', { auth, form: [['s', `feed/${owner.newsNumber}`]] });
    expect(await services.db.starredArticle.count({ where: { userId: intruder.user.id } })).toBe(0);
    expect(await services.db.unreadArticle.count({ where: { userId: owner.user.id } })).toBe(6);
  });

  it('subscribes, renames, moves between labels and unsubscribes (subscription/edit, quickadd)', async () => {
    const reader = await readerWithFeeds();
    const known = await newFeed(services, { title: 'Known Feed' });
    await publish(services, known.id, [{ publishedAt: new Date(Date.UTC(2026, 10, 1)) }]);
    const knownSync = await services.db.feed.findUniqueOrThrow({ where: { id: known.id } });
    const { auth } = await signIn(reader.user.username, reader.apiToken);
    const list = async () => (await greader('GET', '/reader/api/0/subscription/list', { auth })).json.subscriptions;

    expect(
      await greader('POST', '/reader/api/0/subscription/edit', {
        auth,
        form: [
          ['ac', 'subscribe'],
          ['s', `feed/${known.url}`],
          ['t', 'Mine'],
          ['a', 'user/-/label/Tech'],
        ],
      }),
    ).toMatchObject({ status: 200, text: 'OK' });
    expect((await list()).at(-1)).toEqual({
      id: `feed/${knownSync.syncId}`,
      title: 'Mine',
      categories: [{ id: 'user/-/label/Tech', label: 'Tech' }],
      url: known.url,
      htmlUrl: '',
    });

    await greader('POST', '/reader/api/0/subscription/edit', {
      auth,
      form: [
        ['ac', 'edit'],
        ['s', `feed/${knownSync.syncId}`],
        ['r', 'user/-/label/Tech'],
      ],
    });
    expect((await list()).at(-1).categories).toEqual([]);

    await greader('POST', '/reader/api/0/subscription/edit', {
      auth,
      form: [
        ['ac', 'unsubscribe'],
        ['s', `feed/${knownSync.syncId}`],
      ],
    });
    expect((await list()).map((entry: { id: string }) => entry.id)).not.toContain(`feed/${knownSync.syncId}`);

    expect(
      (await greader('POST', `/reader/api/0/subscription/quickadd?quickadd=${encodeURIComponent(`feed/${known.url}`)}`, { auth })).json,
    ).toEqual({
      numResults: 1,
      query: `feed/${known.url}`,
      streamId: `feed/${knownSync.syncId}`,
      streamName: 'Known Feed',
    });
    expect((await greader('POST', '/reader/api/0/subscription/quickadd', { auth, form: [['quickadd', 'not a url']] })).json).toMatchObject({
      numResults: 0,
      error: expect.any(String),
    });
    expect(
      (
        await greader('POST', '/reader/api/0/subscription/edit', {
          auth,
          form: [
            ['ac', 'fly'],
            ['s', 'feed/1'],
          ],
        })
      ).status,
    ).toBe(400);
  });
});

describe('highlighted articles in the Google Reader API', () => {
  it('are the label Highlights: a stream of their own, each item tagged with it, unless a folder has the name', async () => {
    const reader = await readerWithFeeds();
    const { auth } = await signIn(reader.user.username, reader.apiToken);
    const [first, second] = [reader.newsArticles[1]!, reader.blogArticles[0]!];
    for (const article of [first, second, first]) {
      await rest('POST', `/articles/${article.id}/highlights`, { token: reader.token, body: { exact: 'a passage' } });
    }
    const stream = await greader(
      'GET',
      `/reader/api/0/stream/contents?s=${encodeURIComponent('user/-/label/Highlights')}&n=10&output=json`,
      {
        auth,
      },
    );
    const titles = stream.json.items.map((item: { title: string }) => item.title);
    expect(titles).toHaveLength(2);
    expect(titles).toEqual(expect.arrayContaining([first.title, second.title]));
    expect(stream.json.items[0].categories).toContain('user/-/label/Highlights');
    const plain = await greader(
      'GET',
      `/reader/api/0/stream/contents/${encodeURIComponent(`feed/${reader.newsNumber}`)}?n=10&output=json`,
      { auth },
    );
    const untouched = plain.json.items.find((item: { title: string }) => item.title === reader.newsArticles[0]!.title);
    expect(untouched.categories).not.toContain('user/-/label/Highlights');

    await services.db.folder.create({ data: { userId: reader.user.id, name: 'Highlights' } });
    const tags = (await greader('GET', '/reader/api/0/tag/list?output=json', { auth })).json.tags;
    expect(tags.filter((tag: { id: string }) => tag.id === 'user/-/label/Highlights')).toEqual([
      { id: 'user/-/label/Highlights', type: 'folder' },
    ]);
  });
});
