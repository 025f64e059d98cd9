import { encodeGlobalID } from '@pothos/plugin-relay';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { newFeed, publish, timeline } from '../../test/articleFixtures.ts';
import { newArticle, newPerson, socialNotificationsOf, type Person } from '../../test/socialFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { MARKUP_INJECTIONS } from '../../test/hostileText.ts';
import { parseFeed } from '../ingest/parse.ts';
import { follow } from '../domain/social/follows.ts';

const server = await startTestServer();
const { services, rest } = server;
const MISSING = '0190a000-0000-7000-8000-000000000000';

type ShareJson = { id: string; note: string | null; isPublic: boolean; createdAt: string; user: { id: string }; article: { id: string } };

const share = (person: Person, body: Record<string, unknown>) => rest('POST', '/social/share', { token: person.token, body });
const followUser = (person: Person, other: { id: string }) => rest('POST', `/social/follow/${other.id}`, { token: person.token });

/** Walks a share list page by page through nextCursor; answers every share in order and the page count. */
async function walk(person: Person, path: string, limit: number, between?: (page: number) => Promise<void>) {
  const shares: ShareJson[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages < 100; pages += 1) {
    const response = await rest('GET', `${path}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { token: person.token });
    expect(response.status).toBe(200);
    expect(response.body.shares.length).toBeLessThanOrEqual(limit);
    shares.push(...response.body.shares);
    cursor = response.body.nextCursor;
    if (!cursor) return { shares, pages };
    expect(response.body.shares).toHaveLength(limit);
    await between?.(pages);
  }
  throw new Error('the walk never ended');
}

/** Share ids newest first as the lists order them: createdAt, then id (UUIDs compare as their lower-case text). */
const newestFirst = (rows: { id: string; createdAt: Date }[]) =>
  [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((row) => row.id);

describe('REST social calls when signed out', () => {
  it.each([
    ['POST', '/social/share'],
    ['GET', '/social/shares'],
    ['DELETE', `/social/share/${MISSING}`],
    ['POST', `/social/follow/${MISSING}`],
    ['DELETE', `/social/follow/${MISSING}`],
    ['GET', '/social/following'],
    ['GET', '/social/followers'],
    ['GET', '/social/users/search?q=a'],
    ['GET', '/social/users'],
    ['GET', `/social/users/${MISSING}/shares`],
  ])('%s %s answers 401', async (method, path) => {
    expect(await rest(method, path, method === 'POST' ? { body: { articleId: MISSING } } : {})).toMatchObject({
      status: 401,
      body: { error: 'Authentication required' },
    });
  });
});

describe('POST /api/social/share', () => {
  it('shares with a note, privately unless asked, and sharing again updates the same share', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const first = await share(ada, { articleId: article.id, note: ' quiet ' });
    expect(first).toMatchObject({ status: 200 });
    expect(first.body.share).toEqual({
      id: expect.any(String),
      note: 'quiet',
      isPublic: false,
      quote: null,
      createdAt: expect.any(String),
      user: { id: ada.id, username: ada.username, displayName: null, avatar: null },
      articleId: article.id,
    });
    const again = await share(ada, { articleId: article.id, note: 'loud', isPublic: true });
    expect(again.body.share).toMatchObject({
      id: first.body.share.id,
      note: 'loud',
      isPublic: true,
      createdAt: first.body.share.createdAt,
    });
    expect(await services.db.share.count({ where: { articleId: article.id } })).toBe(1);
    expect((await rest('GET', `/articles/${article.id}`, { token: ada.token })).body.article._count.shares).toBe(1);
  });

  it.each([
    [{ note: 'x'.repeat(1001) }, 400, 'Note must be at most 1000 characters'],
    [{ isPublic: 'true' }, 400, 'isPublic must be true or false'],
    [{ articleId: MISSING }, 404, 'Article not found'],
  ])('refuses %j with %i and shares nothing', async (body, status, error) => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    expect(await share(ada, { articleId: article.id, ...body })).toMatchObject({ status, body: { error } });
    expect(await services.db.share.count({ where: { userId: ada.id } })).toBe(0);
  });

  it('accepts a note of 1000 characters', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    expect((await share(ada, { articleId: article.id, note: 'n'.repeat(1000) })).body.share.note).toHaveLength(1000);
  });

  it('notifies the users the note mentions with share_mention, linked to the share and its article, once', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services);
    const cy = await newPerson(services);
    const article = await newArticle(services, { title: 'Worth sharing' });
    const { id } = (await share(ada, { articleId: article.id, note: `@${bob.username} you will like this`, mentions: [bob.username] })).body
      .share;
    await share(ada, { articleId: article.id, note: `@${bob.username} you will like this`, mentions: [bob.username], isPublic: true });
    const listed = await rest('GET', '/notifications', { token: bob.token });
    const mentions = listed.body.notifications.filter((n: { type: string }) => n.type === 'share_mention');
    expect(mentions).toEqual([
      {
        id: expect.any(String),
        type: 'share_mention',
        content: `@${ada.username} mentioned you when sharing "Worth sharing"`,
        link: null,
        read: false,
        createdAt: expect.any(String),
        fromUser: { id: ada.id, username: ada.username, displayName: null, avatar: null },
        share: { id, article: { id: article.id, title: 'Worth sharing' } },
        comment: null,
      },
    ]);
    expect(listed.body.unreadCount).toBe(5); // the four welcome notifications and this one
    await share(ada, { articleId: article.id, note: `@${bob.username} and @${cy.username}, you will like this`, isPublic: true });
    expect((await socialNotificationsOf(services, bob.id)).map((n) => n.type)).toEqual(['share_mention']);
    expect((await socialNotificationsOf(services, cy.id)).map((n) => n.type)).toEqual(['share_mention']);
  });
});

describe('DELETE /api/social/share/:id', () => {
  it('unshares the owner’s share with 204', async () => {
    const ada = await newPerson(services);
    const article = await newArticle(services);
    const { id } = (await share(ada, { articleId: article.id })).body.share;
    const response = await rest('DELETE', `/social/share/${id}`, { token: ada.token });
    expect(response).toMatchObject({ status: 204, body: null });
    expect(await services.db.share.count({ where: { id } })).toBe(0);
    expect(await rest('DELETE', `/social/share/${id}`, { token: ada.token })).toMatchObject({
      status: 404,
      body: { error: 'Share not found' },
    });
  });

  it('answers 403 for someone else’s share and keeps it', async () => {
    const ada = await newPerson(services);
    const mallory = await newPerson(services);
    const article = await newArticle(services);
    const { id } = (await share(ada, { articleId: article.id, note: 'keep', isPublic: true })).body.share;
    expect(await rest('DELETE', `/social/share/${id}`, { token: mallory.token })).toMatchObject({
      status: 403,
      body: { error: 'You can only unshare your own shares' },
    });
    expect(await services.db.share.findUnique({ where: { id } })).toMatchObject({ note: 'keep', isPublic: true });
  });
});

describe('follows over REST', () => {
  it('follows idempotently, notifies once, lists both sides, and unfollows idempotently', async () => {
    const ada = await newPerson(services);
    const bob = await newPerson(services, { displayName: 'Bob' });
    const first = await followUser(ada, bob);
    expect(first).toMatchObject({ status: 200, body: { user: { id: bob.id, username: bob.username, displayName: 'Bob', avatar: null } } });
    expect((await followUser(ada, bob)).status).toBe(200);
    const bobs = await rest('GET', '/notifications', { token: bob.token });
    expect(bobs.body.notifications.filter((n: { type: string }) => n.type === 'new_follower')).toEqual([
      expect.objectContaining({
        content: `@${ada.username} started following you`,
        fromUser: expect.objectContaining({ id: ada.id }),
        share: null,
        comment: null,
      }),
    ]);
    expect((await rest('GET', '/social/following', { token: ada.token })).body).toEqual({
      users: [{ id: bob.id, username: bob.username, displayName: 'Bob', avatar: null }],
    });
    expect((await rest('GET', '/social/followers', { token: bob.token })).body.users.map((u: { id: string }) => u.id)).toEqual([ada.id]);
    expect((await rest('GET', '/social/followers', { token: ada.token })).body.users).toEqual([]);
    expect(await rest('DELETE', `/social/follow/${bob.id}`, { token: ada.token })).toMatchObject({
      status: 200,
      body: { user: { id: bob.id } },
    });
    expect((await rest('DELETE', `/social/follow/${bob.id}`, { token: ada.token })).status).toBe(200);
    expect((await rest('GET', '/social/following', { token: ada.token })).body.users).toEqual([]);
  });

  it('answers 400 for following yourself and 404 for an unknown user', async () => {
    const ada = await newPerson(services);
    expect(await followUser(ada, ada)).toMatchObject({ status: 400, body: { error: 'You cannot follow yourself' } });
    expect(await followUser(ada, { id: MISSING })).toMatchObject({ status: 404, body: { error: 'User not found' } });
    expect(await rest('DELETE', `/social/follow/${MISSING}`, { token: ada.token })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
    expect(await services.db.follow.count({ where: { followerId: ada.id } })).toBe(0);
  });
});

describe('GET /api/social/shares (the Shared list)', async () => {
  const viewer = await newPerson(services);
  const followed = [await newPerson(services), await newPerson(services), await newPerson(services)];
  const stranger = await newPerson(services);
  const feed = await newFeed(services);
  const articles = await publish(services, feed.id, timeline(50, { newest: new Date() }));
  // 15 shares from each followed user, 2 of the viewer's own and 3 of a stranger, in groups of three sharing one instant.
  const base = Date.now() - 3_600_000;
  const data = [
    ...followed.flatMap((person, p) => articles.slice(0, 15).map((article, i) => ({ userId: person.id, articleId: article.id, p, i }))),
    ...[0, 1].map((i) => ({ userId: viewer.id, articleId: articles[20 + i]!.id, p: 3, i })),
    ...[0, 1, 2].map((i) => ({ userId: stranger.id, articleId: articles[30 + i]!.id, p: 4, i })),
  ].map(({ userId, articleId, p, i }, n) => ({
    userId,
    articleId,
    note: `share ${p}.${i}`,
    isPublic: n % 2 === 0,
    createdAt: new Date(base + Math.floor(n / 3) * 1000),
  }));
  await services.db.share.createMany({ data });
  for (const person of followed) await followUser(viewer, person);
  const visibleTo = async (userIds: string[]) =>
    newestFirst(await services.db.share.findMany({ where: { userId: { in: userIds } }, select: { id: true, createdAt: true } }));

  it('walks 45 followed shares and the viewer’s own, newest first, in pages of 7, with no duplicates or gaps', async () => {
    const expected = await visibleTo([viewer.id, ...followed.map((person) => person.id)]);
    expect(expected).toHaveLength(47);
    const { shares, pages } = await walk(viewer, '/social/shares', 7);
    expect(pages).toBe(7);
    expect(shares.map((s) => s.id)).toEqual(expected);
    expect(shares.some((s) => s.user.id === stranger.id)).toBe(false);
  });

  it('answers each share with its sharer and the article as the viewer sees it', async () => {
    const [newest] = (await rest('GET', '/social/shares?limit=1', { token: viewer.token })).body.shares;
    const row = await services.db.share.findUniqueOrThrow({ where: { id: newest.id } });
    expect(newest).toEqual({
      id: row.id,
      note: row.note,
      isPublic: row.isPublic,
      quote: null,
      createdAt: row.createdAt.toISOString(),
      user: { id: row.userId, username: expect.any(String), displayName: null, avatar: null },
      article: expect.objectContaining({ id: row.articleId, _count: expect.objectContaining({ shares: expect.any(Number) }) }),
    });
  });

  it('keeps pages stable when someone shares during the walk', async () => {
    const before = await visibleTo([viewer.id, ...followed.map((person) => person.id)]);
    let added: string | null = null;
    const { shares } = await walk(viewer, '/social/shares', 10, async (page) => {
      if (page === 2) added = (await share(followed[0]!, { articleId: articles[45]!.id, note: 'fresh' })).body.share.id;
    });
    expect(added).not.toBeNull();
    expect(shares.map((s) => s.id)).toEqual(before);
    expect((await rest('GET', '/social/shares?limit=1', { token: viewer.token })).body.shares[0].id).toBe(added);
  });

  it('pages 20 by default and at most 100, and refuses a bad limit or cursor', async () => {
    expect((await rest('GET', '/social/shares', { token: viewer.token })).body.shares).toHaveLength(20);
    expect((await rest('GET', '/social/shares?limit=500', { token: viewer.token })).body.shares).toHaveLength(48);
    expect(await rest('GET', '/social/shares?limit=0', { token: viewer.token })).toMatchObject({
      status: 400,
      body: { error: 'limit must be at least 1' },
    });
    expect(await rest('GET', '/social/shares?cursor=bogus', { token: viewer.token })).toMatchObject({
      status: 400,
      body: { error: 'Invalid cursor' },
    });
  });

  it('drops a user’s shares from the list once the viewer unfollows them', async () => {
    await rest('DELETE', `/social/follow/${followed[1]!.id}`, { token: viewer.token });
    const { shares } = await walk(viewer, '/social/shares', 7);
    expect(shares.map((s) => s.id)).toEqual(await visibleTo([viewer.id, followed[0]!.id, followed[2]!.id]));
    expect(shares.some((s) => s.user.id === followed[1]!.id)).toBe(false);
    await followUser(viewer, followed[1]!);
  });

  it('shows a stranger only their own shares', async () => {
    const { shares } = await walk(stranger, '/social/shares', 7);
    expect(shares.map((s) => s.id)).toEqual(await visibleTo([stranger.id]));
  });
});

describe('GET /api/social/users/:id/shares (a user profile)', () => {
  it('answers the user and their shares, newest first, paged', async () => {
    const ada = await newPerson(services, { displayName: 'Ada' });
    const viewer = await newPerson(services);
    const other = await newPerson(services);
    await follow(services, viewer.viewer, ada.id); // a follower: ada's private shares are listed too
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await share(ada, { articleId: (await newArticle(services)).id, isPublic: i % 2 === 0 })).body.share.id);
    await share(other, { articleId: (await newArticle(services)).id });
    const first = await rest('GET', `/social/users/${ada.id}/shares?limit=3`, { token: viewer.token });
    expect(first.status).toBe(200);
    expect(first.body.user).toEqual({ id: ada.id, username: ada.username, displayName: 'Ada', avatar: null });
    expect(first.body.shares.map((s: ShareJson) => s.id)).toEqual(ids.slice(2).reverse());
    const second = await rest('GET', `/social/users/${ada.id}/shares?limit=3&cursor=${first.body.nextCursor}`, { token: viewer.token });
    expect(second.body.shares.map((s: ShareJson) => s.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.body.nextCursor).toBeNull();
  });

  it('answers an empty list for a user without shares, and 404 "User not found" for an unknown one', async () => {
    const ada = await newPerson(services);
    const viewer = await newPerson(services);
    expect((await rest('GET', `/social/users/${ada.id}/shares`, { token: viewer.token })).body).toMatchObject({
      user: { id: ada.id },
      shares: [],
      nextCursor: null,
    });
    expect(await rest('GET', `/social/users/${MISSING}/shares`, { token: viewer.token })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
    expect(await rest('GET', '/social/users/not-a-user/shares', { token: viewer.token })).toMatchObject({
      status: 404,
      body: { error: 'User not found' },
    });
  });
});

describe('GET /api/social/users and /api/social/users/search', () => {
  it('lists the other users with counts and isFollowed, never the viewer', async () => {
    const viewer = await newPerson(services);
    const ada = await newPerson(services);
    const article = await newArticle(services);
    await share(ada, { articleId: article.id });
    await rest('POST', '/comments', { token: ada.token, body: { articleId: article.id, content: 'one' } });
    await rest('POST', '/comments', { token: ada.token, body: { articleId: article.id, content: 'two' } });
    await followUser(viewer, ada);
    const { users } = (await rest('GET', '/social/users', { token: viewer.token })).body;
    expect(users.some((user: { id: string }) => user.id === viewer.id)).toBe(false);
    expect(users.find((user: { id: string }) => user.id === ada.id)).toEqual({
      id: ada.id,
      username: ada.username,
      displayName: null,
      avatar: null,
      isFollowed: true,
      _count: { shares: 1, comments: 2 },
    });
    expect(users.filter((user: { isFollowed: boolean }) => user.isFollowed)).toHaveLength(1);
  });

  it('searches usernames and display names by prefix with q and limit', async () => {
    const viewer = await newPerson(services);
    const zara = await newPerson(services, { username: 'zara_search', displayName: 'Zed' });
    await newPerson(services, { username: 'zoltan_search' });
    const search = (query: string) => rest('GET', `/social/users/search${query}`, { token: viewer.token });
    expect((await search('?q=ZAR')).body).toEqual({ users: [{ id: zara.id, username: 'zara_search', displayName: 'Zed', avatar: null }] });
    expect((await search('?q=z&limit=1')).body.users).toHaveLength(1);
    expect((await search('?q=z_')).body.users).toEqual([]);
    expect((await search('?q=zed')).body.users.map((u: { id: string }) => u.id)).toEqual([zara.id]);
    expect((await search('')).body.users).toHaveLength(5);
    expect(await search('?q=z&limit=21')).toMatchObject({ status: 400, body: { error: 'limit must be at most 20' } });
  });
});

describe('GET /api/public/rss', async () => {
  const rss = (headers: Record<string, string> = {}) => fetch(`${server.url}/api/public/rss`, { headers });
  const ada = await newPerson(services, { displayName: 'Ada <& co>' });
  const article = await newArticle(services, { title: 'Public & proud', url: 'https://news.example.org/p?x=1&y=2' });
  const hidden = await newArticle(services, { title: 'Hidden gem' });
  await share(ada, { articleId: article.id, note: 'see "this"', isPublic: true });
  await share(ada, { articleId: hidden.id, note: 'just friends', isPublic: false });

  it('answers RSS 2.0 of the public shares without sign-in, with an ETag and Cache-Control', async () => {
    const response = await rss();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const xml = await response.text();
    expect(xml).toContain('<rss version="2.0"');
    // Once the XML is parsed, a title or name is its text but for a '<', still escaped for readers that render HTML;
    // the description is HTML; the link is an address.
    const parsed = parseFeed(Buffer.from(xml), response.headers.get('content-type'));
    const mine = parsed.items.filter((item) => item.authors[0] === `Ada &lt;& co> (@${ada.username})`);
    expect(mine.map((item) => [item.title?.value, item.url, item.summary?.value])).toEqual([
      ['Public & proud', 'https://news.example.org/p?x=1&y=2', `Ada &lt;&amp; co&gt; (@${ada.username}): “see &quot;this&quot;”`],
    ]);
    expect(xml).not.toContain('Hidden gem');
  });

  it('keeps names, notes, titles and the instance’s name and description text for a reader that renders them as HTML', async () => {
    const hostile = MARKUP_INJECTIONS;
    const admin = await signUp(services, { admin: true });
    const before = await rest('GET', '/admin/config', { token: admin.token });
    const mallory = await newPerson(services);
    expect((await rest('PATCH', '/auth/profile', { token: mallory.token, body: { displayName: hostile[0] } })).status).toBe(200);
    for (const [index, text] of hostile.entries()) {
      const article = await newArticle(services, { title: text, feedTitle: hostile[(index + 1) % hostile.length] });
      expect((await share(mallory, { articleId: article.id, note: hostile.join(' '), isPublic: true })).status).toBe(200);
    }
    const patched = await rest('PATCH', '/admin/config', {
      token: admin.token,
      body: { name: hostile[1], description: hostile.join(' ') },
    });
    expect(patched.status).toBe(200);
    try {
      const xml = await (await rss()).text();
      // One XML parse, as every reader makes: what it hands on to be rendered as HTML holds no tag.
      const { rss: doc } = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: false }).parse(xml);
      const { channel } = doc as { channel: { title: string; description: string; item: Record<string, unknown>[] } };
      const texts = [
        channel.title,
        channel.description,
        ...channel.item.flatMap((item) => [
          item.title,
          item.description,
          item['dc:creator'],
          (item.source as { '#text'?: string })?.['#text'],
        ]),
      ];
      expect(texts.join('\n')).toContain('alert(1)');
      for (const text of texts.filter((text) => text !== undefined)) {
        expect(typeof text).toBe('string');
        expect(text).not.toMatch(/<img|<script/i);
      }
      const items = channel.item.filter((item) => item['dc:creator'] === `&lt;img src=x onerror=alert(1)> (@${mallory.username})`);
      expect(items).toHaveLength(hostile.length);
      // Rendered as HTML, each is the text that was typed.
      const shown = (html: string) =>
        html.replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!);
      expect(shown(channel.title)).toBe(`${hostile[1]}: public shares`);
      expect(shown(channel.description)).toBe(hostile.join(' '));
      expect(items.map((item) => shown(item.title as string)).sort()).toEqual([...hostile].sort());
      expect(shown(items[0]!.description as string)).toBe(`${hostile[0]} (@${mallory.username}): “${hostile.join(' ')}”`);
    } finally {
      const { name, description } = before.body;
      await rest('PATCH', '/admin/config', { token: admin.token, body: { name, description } });
    }
  });

  it('answers 304 to If-None-Match with the current ETag, and 200 with a new ETag once a share changes', async () => {
    const etag = (await rss()).headers.get('etag')!;
    const unchanged = await rss({ 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    await share(ada, { articleId: article.id, note: 'edited note', isPublic: true });
    const changed = await rss({ 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(await changed.text()).toContain('edited note');
    const added = await newArticle(services);
    await share(ada, { articleId: added.id, isPublic: true });
    expect((await rss({ 'if-none-match': changed.headers.get('etag')! })).status).toBe(200);
  });

  it('answers one person’s public shares at the address their profile gives, and 404 for no one', async () => {
    const bea = await newPerson(services, { displayName: 'Bea' });
    const beaPublic = await newArticle(services, { title: 'Bea’s pick' });
    const beaPrivate = await newArticle(services, { title: 'Bea’s secret' });
    await share(bea, { articleId: beaPublic.id, note: 'for everyone', isPublic: true });
    await share(bea, { articleId: beaPrivate.id, isPublic: false });
    const { body } = await server.graphql(
      'query U($id: ID!) { user(id: $id) { publicSharesFeedUrl } }',
      { id: encodeGlobalID('User', bea.id) },
      ada.token,
    );
    const address = body.data.user.publicSharesFeedUrl as string;
    expect(address).toBe(`${services.config.publicUrl}/api/public/rss?user=${bea.id}`);

    // Signed out, as a feed reader asks.
    const response = await fetch(address.replace(services.config.publicUrl, server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const parsed = parseFeed(Buffer.from(await response.text()), response.headers.get('content-type'));
    expect(parsed.title?.value).toBe(`Tidings: public shares of Bea (@${bea.username})`);
    expect(parsed.items.map((item) => item.title?.value)).toEqual(['Bea’s pick']);
    // The instance's feed has everyone's, Ada's too.
    const all = parseFeed(Buffer.from(await (await rss()).text()), 'application/rss+xml');
    expect(all.items.map((item) => item.title?.value)).toEqual(expect.arrayContaining(['Bea’s pick', 'Public & proud']));

    const nobody = await fetch(`${server.url}/api/public/rss?user=${MISSING}`);
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toEqual({ error: 'User not found' });
    expect((await fetch(`${server.url}/api/public/rss?user=not-an-id`)).status).toBe(404);
  });

  it('answers 304 when If-None-Match lists the current ETag among others or as a weak validator', async () => {
    const etag = (await rss()).headers.get('etag')!;
    expect((await rss({ 'if-none-match': `"stale", ${etag}` })).status).toBe(304);
    expect((await rss({ 'if-none-match': `W/${etag}` })).status).toBe(304);
    expect((await rss({ 'if-none-match': '"stale"' })).status).toBe(200);
  });
});
