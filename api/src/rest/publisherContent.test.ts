import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';

// Each publisher style (the publisher-*.xml fixtures) through the whole pipeline: fetched, parsed, normalised,
// sanitised, stored, and answered by REST and GraphQL alike.
describe('publisher content through REST and GraphQL', async () => {
  const feeds = await startFeedServer();
  const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const ada = await signUp(server.services);

  /** Subscribes to a fixture and answers its one article as REST and GraphQL give it. */
  async function articleOf(fixture: string) {
    const url = feeds.url(`/fixtures/${fixture}?type=application/xml`);
    const subscribed = await server.rest('POST', '/feeds/subscribe', { token: ada.token, body: { url } });
    expect(subscribed.status).toBe(201);
    const feedId = subscribed.body.subscription.feed.id;
    const list = await server.rest('GET', `/articles?feedId=${feedId}`, { token: ada.token });
    const id = list.body.articles[0].id;
    const rest = (await server.rest('GET', `/articles/${id}`, { token: ada.token })).body.article;
    const graphql = await server.graphql(
      `query($id: ID!) { article(id: $id) { title author imageUrl excerpt content commentsUrl enclosures { url type length durationSeconds } } }`,
      { id: Buffer.from(`Article:${id}`).toString('base64') },
      ada.token,
    );
    return { listed: list.body.articles[0], rest, graphql: graphql.body.data?.article ?? graphql.body };
  }

  it('an audio podcast answers its enclosure, in the list too', async () => {
    const { listed, rest, graphql } = await articleOf('publisher-podcast-audio.xml');
    const enclosure = { url: 'https://media.example.fm/quiethour/42.mp3', type: 'audio/mpeg', length: 40567123, durationSeconds: 2533 };
    expect(rest).toMatchObject({ author: 'Mara Quint', imageUrl: 'https://quiethour.example.fm/episodes/42.jpg', enclosures: [enclosure] });
    expect(listed.enclosures).toEqual([enclosure]);
    expect(graphql).toMatchObject({ author: 'Mara Quint', enclosures: [enclosure] });
  });

  it('a video podcast answers a length past 2^31', async () => {
    const { rest, graphql } = await articleOf('publisher-podcast-video.xml');
    expect(rest.enclosures[0]).toMatchObject({ type: 'video/mp4', length: 3221225472, durationSeconds: 3930 });
    expect(graphql.enclosures[0]).toMatchObject({ type: 'video/mp4', length: 3221225472, durationSeconds: 3930 });
  });

  it('YouTube: the embed and the description as content', async () => {
    const { rest, graphql } = await articleOf('publisher-youtube.xml');
    expect(rest.content).toContain('https://www.youtube-nocookie.com/embed/M7lc1UVf-VE');
    expect(rest.content).toContain('href="https://workshop.example.com/tools"');
    expect(graphql.content).toBe(rest.content);
    expect(rest.imageUrl).toBe('https://i2.ytimg.com/vi/M7lc1UVf-VE/hqdefault.jpg');
    expect(rest.enclosures).toEqual([]);
  });

  it('WordPress, Substack, Medium, Mastodon, comic: what the reader needs is in the stored content', async () => {
    expect((await articleOf('publisher-wordpress.xml')).rest.content).toContain('uploads/2026/05/staking.jpg');
    expect((await articleOf('publisher-substack.xml')).graphql.content).toContain('href="#tidings-c-footnote-1"');
    expect((await articleOf('publisher-medium.xml')).rest.content).toContain('<figcaption>Photo by someone on Unsplash</figcaption>');
    expect((await articleOf('publisher-mastodon.xml')).graphql.content).toMatch(
      /<figure class="tidings-gallery">(<img [^>]+>){2}<\/figure>$/,
    );
    expect((await articleOf('publisher-comic.xml')).rest.content).toContain('<figcaption>There are two hard problems');
  });

  it('a news site: the comments page, http images through the media proxy, no avatar as the image', async () => {
    const { rest, graphql } = await articleOf('publisher-news-http.xml');
    const bridge = Buffer.from('http://www.valleygazette.example/images/bridge.jpg').toString('base64url');
    expect(rest).toMatchObject({
      commentsUrl: 'http://www.valleygazette.example/news/bridge-reopens#comments',
      imageUrl: expect.stringMatching(new RegExp(`/media/[\\w-]{43}/${bridge}$`)),
      excerpt: 'The old stone bridge reopened on Monday after eight months of repairs.',
    });
    expect(rest.content).toContain(rest.imageUrl);
    expect(graphql.commentsUrl).toBe(rest.commentsUrl);
  });
});
