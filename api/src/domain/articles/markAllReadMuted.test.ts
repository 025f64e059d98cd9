import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish } from '../../../test/articleFixtures.ts';
import { startTestServer } from '../../../test/server.ts';

// Mark all read in everything or a folder marks what that list shows: a muted feed, out of both lists, keeps its
// unread articles, and its own list marks them.

const server = await startTestServer();
const { services, rest } = server;
const NEWEST = new Date('2026-11-20T12:00:00Z');

describe('mark all read and a muted feed', () => {
  it('leaves a muted feed unread when everything or its folder is marked read', async () => {
    const reader = await newReader(services);
    const folder = await newFolder(services, reader.id);
    const [loud, quiet] = [await newFeed(services, { title: 'Loud' }), await newFeed(services, { title: 'Quiet' })];
    await follow(services, reader.id, loud.id, { folderId: folder.id });
    await follow(services, reader.id, quiet.id, { folderId: folder.id });
    await publish(services, loud.id, [{ publishedAt: NEWEST, title: 'Shouting' }]);
    await publish(services, quiet.id, [{ publishedAt: NEWEST, title: 'Whisper' }]);
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: quiet.id } });
    expect((await rest('POST', `/feeds/${subscription.id}/mute`, { token: reader.token })).status).toBe(200);
    const unread = async (query = '') =>
      (await rest('GET', `/articles?limit=100&unread=true${query}`, { token: reader.token })).body.articles.map(
        (article: { title: string }) => article.title,
      );

    const everything = await rest('POST', '/articles/mark-all-read', { token: reader.token });
    expect(everything.body).toEqual({ markedCount: 1 });
    expect(await unread()).toEqual([]);
    expect(await unread(`&feedId=${quiet.id}`)).toEqual(['Whisper']);
    expect((await rest('POST', `/articles/mark-all-read?folderId=${folder.id}`, { token: reader.token })).body).toEqual({ markedCount: 0 });
    expect(await unread(`&feedId=${quiet.id}`)).toEqual(['Whisper']);

    expect((await rest('POST', `/articles/mark-all-read?feedId=${quiet.id}`, { token: reader.token })).body).toEqual({ markedCount: 1 });
    expect(await unread(`&feedId=${quiet.id}`)).toEqual([]);
  });
});
