import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';

// Issue 43 in search (articleListSql.ts's searchRows): a search of everything, a folder, a feed or the unread list
// does not find what the reader's rules hide; a search of starred and liked does, as those lists keep it. A muted
// feed is searched in its own list only.

const server = await startTestServer();
const { services, rest } = server;
const NEWEST = new Date('2026-11-20T12:00:00Z');

describe('searching with filter rules and muted feeds', () => {
  it('finds a hidden article only in starred and liked, and a muted feed’s only in its own list', async () => {
    const reader = await newReader(services);
    const folder = await newFolder(services, reader.id);
    const [feed, quiet] = [await newFeed(services, { title: 'Markets' }), await newFeed(services, { title: 'Quiet' })];
    await follow(services, reader.id, feed.id, { folderId: folder.id });
    await follow(services, reader.id, quiet.id, { folderId: folder.id });
    const [hidden] = await publish(services, feed.id, [
      { publishedAt: NEWEST, title: 'Crypto bubble bursts', content: '<p>Bitcoin and the markets.</p>' },
      { publishedAt: new Date(NEWEST.getTime() - 60_000), title: 'Bond yields rise', content: '<p>The markets again.</p>' },
    ]);
    await publish(services, quiet.id, [{ publishedAt: NEWEST, title: 'Quiet markets', content: '<p>Nothing moves in the markets.</p>' }]);
    await rest('POST', `/articles/${hidden!.id}/star`, { token: reader.token });
    await rest('POST', `/articles/${hidden!.id}/like`, { token: reader.token });
    const search = async (query: string) =>
      (await rest('GET', `/articles?limit=100&search=markets${query}`, { token: reader.token })).body.articles
        .map((article: { title: string }) => article.title)
        .sort();

    expect(await search('&filter=all')).toEqual(['Bond yields rise', 'Crypto bubble bursts', 'Quiet markets']);
    const rule = await rest('POST', '/filters', { token: reader.token, body: { pattern: 'crypto', fields: ['title'], action: 'hide' } });
    expect(rule.status).toBe(201);
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: quiet.id } });
    expect((await rest('POST', `/feeds/${subscription.id}/mute`, { token: reader.token })).status).toBe(200);

    expect(await search('&filter=all')).toEqual(['Bond yields rise']);
    expect(await search('&filter=unread')).toEqual(['Bond yields rise']);
    expect(await search(`&filter=all&folderId=${folder.id}`)).toEqual(['Bond yields rise']);
    expect(await search(`&filter=all&feedId=${feed.id}`)).toEqual(['Bond yields rise']);
    expect(await search(`&filter=all&feedId=${quiet.id}`)).toEqual(['Quiet markets']);
    expect(await search('&filter=starred')).toEqual(['Crypto bubble bursts']);
    expect(await search('&filter=liked')).toEqual(['Crypto bubble bursts']);
    expect(await search('&filter=hidden')).toEqual(['Crypto bubble bursts']);
  });
});
