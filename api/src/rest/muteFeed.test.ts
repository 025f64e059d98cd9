import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { BOOKMARKLET_REFUSED } from '../domain/access/access.ts';

const server = await startTestServer();
const { services, rest, graphql } = server;
const MISSING = '0190a000-0000-7000-8000-000000000000';
const NEWEST = new Date('2026-11-20T12:00:00Z');

/** A reader with a folder of two feeds, Loud (“Shouting”) and Quiet (“Whisper”), both unread. */
async function twoFeedsInAFolder() {
  const reader = await newReader(services);
  const folder = await newFolder(services, reader.id);
  const [loud, quiet] = [await newFeed(services, { title: 'Loud' }), await newFeed(services, { title: 'Quiet' })];
  await follow(services, reader.id, loud.id, { folderId: folder.id });
  await follow(services, reader.id, quiet.id, { folderId: folder.id });
  await publish(services, loud.id, [{ publishedAt: NEWEST, title: 'Shouting' }]);
  await publish(services, quiet.id, [{ publishedAt: NEWEST, title: 'Whisper' }]);
  return { reader, folder, loud, quiet };
}

describe('muting a feed', () => {
  it('keeps it subscribed with its own list and count, out of everything, its folder and their counts', async () => {
    const { reader, folder, loud } = await twoFeedsInAFolder();
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id, feedId: loud.id } });
    const titles = async (query: string) =>
      (await rest('GET', `/articles?limit=100${query}`, { token: reader.token })).body.articles.map((a: { title: string }) => a.title);
    const folderCount = async () =>
      (await rest('GET', '/folders', { token: reader.token })).body.folders.find((f: { id: string }) => f.id === folder.id).unreadCount;

    expect(await folderCount()).toBe(2);
    const muted = await rest('POST', `/feeds/${subscription.id}/mute`, { token: reader.token });
    expect(muted).toMatchObject({ status: 200, body: { subscription: { id: subscription.id, muted: true } } });
    expect(await titles('')).toEqual(['Whisper']);
    expect(await titles('&unread=true')).toEqual(['Whisper']);
    expect(await titles(`&folderId=${folder.id}`)).toEqual(['Whisper']);
    expect(await titles(`&feedId=${loud.id}`)).toEqual(['Shouting']);
    expect(await folderCount()).toBe(1);
    const feeds = (await rest('GET', '/feeds', { token: reader.token })).body;
    expect(JSON.stringify(feeds)).toContain('"muted":true');

    const unmuted = await rest('DELETE', `/feeds/${subscription.id}/mute`, { token: reader.token });
    expect(unmuted.body.subscription.muted).toBe(false);
    expect(await titles('')).toEqual(expect.arrayContaining(['Shouting', 'Whisper']));
    expect(await folderCount()).toBe(2);
  });

  it('refuses signed out, a bookmarklet token, and another reader’s or no subscription, on REST and GraphQL', async () => {
    const [reader, other] = [await newReader(services), await newReader(services)];
    const feed = await newFeed(services);
    await follow(services, reader.id, feed.id);
    const subscription = await services.db.subscription.findFirstOrThrow({ where: { userId: reader.id } });
    expect((await rest('POST', `/feeds/${subscription.id}/mute`)).status).toBe(401);
    expect((await rest('POST', `/feeds/${subscription.id}/mute`, { token: other.token })).status).toBe(404);
    expect((await rest('POST', `/feeds/${MISSING}/mute`, { token: reader.token })).status).toBe(404);
    const bookmarklet = (await rest('POST', '/tokens', { token: reader.token, body: { name: 'Bookmarklet', scope: 'bookmarklet' } })).body
      .token as string;
    expect((await rest('POST', `/feeds/${subscription.id}/mute`, { token: bookmarklet })).status).toBe(403);
    const mutation = `mutation($id: ID!) { setSubscriptionMuted(id: $id, muted: true) { __typename ... on Error { message } } }`;
    const id = encodeGlobalID('FeedSubscription', subscription.id);
    expect((await graphql(mutation, { id }, other.token)).body.data.setSubscriptionMuted.__typename).toBe('NotFoundError');
    expect((await graphql(mutation, { id }, bookmarklet)).body.errors?.[0]?.message).toBe(BOOKMARKLET_REFUSED);
    expect((await graphql(mutation, { id })).body.errors?.length).toBeGreaterThan(0);
    expect((await services.db.subscription.findUniqueOrThrow({ where: { id: subscription.id } })).muted).toBe(false);
  });

  // Mark all read in everything or a folder marks what that list shows: a muted feed, out of both lists, keeps its
  // unread articles, and its own list marks them.
  it('leaves a muted feed unread when everything or its folder is marked read', async () => {
    const { reader, folder, quiet } = await twoFeedsInAFolder();
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
