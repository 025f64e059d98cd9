import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { signedMediaPath } from '../domain/media/mediaAddress.ts';
import { mediaSecret } from '../domain/media/mediaProxy.ts';

describe('REST POST /api/social/share-page', async () => {
  const feeds = await startFeedServer();
  const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const ada = await signUp(server.services);
  const bob = await signUp(server.services);

  it('answers 201 with the share and the article the page was stored as', async () => {
    const url = feeds.url('/fixtures/page-open-graph.html?type=text/html');
    const response = await server.rest('POST', '/social/share-page', {
      token: ada.token,
      body: { url, note: 'Read this', isPublic: true },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      share: {
        id: expect.any(String),
        note: 'Read this',
        isPublic: true,
        quote: null,
        createdAt: expect.any(String),
        user: { id: ada.user.id, username: ada.user.username, displayName: null, avatar: null },
        articleId: response.body.article.id,
      },
      article: {
        id: expect.any(String),
        title: 'The Open Graph title & more',
        url: feeds.url('/articles/open-graph'),
        siteName: 'Example News',
        // An http image, so through the media proxy (MEDIA_PROXY=http-only).
        imageUrl: `http://tidings.test${signedMediaPath(feeds.url('/images/cover.jpg'), await mediaSecret(server.services))}`,
      },
    });
    // The article is readable by id like any other, under the web pages feed.
    const article = await server.rest('GET', `/articles/${response.body.article.id}`, { token: bob.token });
    expect(article).toMatchObject({
      status: 200,
      body: { article: { title: 'The Open Graph title & more', feed: { title: 'Web pages' } } },
    });
  });

  it('answers 400 {error} for a bad address or a page that cannot be loaded, and 401 without a session', async () => {
    expect(await server.rest('POST', '/social/share-page', { token: ada.token, body: { url: 'mailto:ada@example.org' } })).toMatchObject({
      status: 400,
      body: { error: 'Please enter a valid http(s) URL' },
    });
    expect(await server.rest('POST', '/social/share-page', { token: ada.token, body: { url: feeds.url('/status/500') } })).toMatchObject({
      status: 400,
      body: { error: 'Could not load this page: its server answered 500 Internal Server Error' },
    });
    expect(await server.rest('POST', '/social/share-page', { body: { url: feeds.url('/status/500') } })).toMatchObject({ status: 401 });
  });
});
