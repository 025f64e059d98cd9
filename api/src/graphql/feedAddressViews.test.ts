import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { newFeed, publish } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { newPerson } from '../../test/socialFixtures.ts';
import { shareArticle } from '../domain/social/shares.ts';

const SECRET_URL = 'https://reader:hunter2@private.example.org/feed.xml?token=s3cret';
const PUBLIC_URL = 'https://private.example.org/feed.xml';

// A feed address with a secret in it, seen by its subscriber and by everyone else, on every output that shows it.
describe('a feed address seen by others', async () => {
  const server = await startTestServer();
  const { services, graphql, rest } = server;
  const subscriber = await newPerson(services);
  const stranger = await newPerson(services);
  const feed = await newFeed(services, { url: SECRET_URL, title: '' });
  await services.db.subscription.create({ data: { userId: subscriber.id, feedId: feed.id } });
  const [article] = await publish(services, feed.id, [{ publishedAt: new Date(), title: 'Behind a token' }]);
  await shareArticle(services, subscriber.viewer, { articleId: article!.id, isPublic: true });
  const ARTICLE = 'query A($id: ID!, $feed: ID!) { article(id: $id) { feedTitle feed { url } } node(id: $feed) { ... on Feed { url } } }';
  const variables = { id: encodeGlobalID('Article', article!.id), feed: encodeGlobalID('Feed', feed.id) };

  it('GraphQL: Feed.url (and the title made from it) whole for the subscriber, without query and user-info for anyone else', async () => {
    const own = (await graphql(ARTICLE, variables, subscriber.token)).body.data;
    expect(own).toEqual({ article: { feedTitle: SECRET_URL, feed: { url: SECRET_URL } }, node: { url: SECRET_URL } });
    const other = (await graphql(ARTICLE, variables, stranger.token)).body.data;
    expect(other).toEqual({ article: { feedTitle: PUBLIC_URL, feed: { url: PUBLIC_URL } }, node: { url: PUBLIC_URL } });
  });

  it('REST: an article and a profile’s shares show others the public address; the subscriber’s feeds show it whole', async () => {
    expect((await rest('GET', `/articles/${article!.id}`, { token: stranger.token })).body.article.feed.url).toBe(PUBLIC_URL);
    const shares = await rest('GET', `/social/users/${subscriber.id}/shares`, { token: stranger.token });
    expect(shares.body.shares[0].article.feed.url).toBe(PUBLIC_URL);
    expect(JSON.stringify((await rest('GET', '/feeds', { token: subscriber.token })).body)).toContain(SECRET_URL);
  });

  it('the public RSS feed names the source without its secret', async () => {
    const xml = await (await fetch(`${server.url}/api/public/rss`)).text();
    expect(xml).toContain(`<source url="${PUBLIC_URL}">${PUBLIC_URL}</source>`);
    expect(xml).not.toContain('s3cret');
    expect(xml).not.toContain('hunter2');
  });
});
