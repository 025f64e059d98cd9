import { describe, expect, it } from 'vitest';
import { startFeedServer } from '../../test/feedServer.ts';
import { signUp, startTestServer } from '../../test/server.ts';

const SHARE_PAGE = `mutation S($input: SharePageInput!) {
  sharePage(input: $input) {
    __typename
    ... on Share { id note isPublic viewerIsSharer user { id } article { id title url siteName feed { title } counts { shares } } }
    ... on Error { message }
  }
}`;

describe('GraphQL sharePage', async () => {
  const feeds = await startFeedServer();
  const server = await startTestServer({ FEED_ALLOW_PRIVATE_HOSTS: 'true' });
  const ada = await signUp(server.services);

  it('answers the Share, its article under the web pages feed', async () => {
    const url = feeds.url('/fixtures/page-twitter.html?type=text/html');
    const { body } = await server.graphql(SHARE_PAGE, { input: { url, note: 'Worth it' } }, ada.token);
    expect(body.data.sharePage).toMatchObject({
      __typename: 'Share',
      note: 'Worth it',
      isPublic: false,
      viewerIsSharer: true,
      article: {
        title: 'The Twitter title',
        url,
        siteName: new URL(feeds.origin).host,
        feed: { title: 'Web pages' },
        counts: { shares: 1 },
      },
    });
  });

  it('answers InvalidInputError for a page that cannot be loaded, and refuses anonymous callers', async () => {
    const { body } = await server.graphql(SHARE_PAGE, { input: { url: feeds.url('/feed') } }, ada.token);
    expect(body.data.sharePage).toEqual({
      __typename: 'InvalidInputError',
      message: 'Could not load this page: it is not a web page (application/rss+xml)',
    });
    const anonymous = await server.graphql(SHARE_PAGE, { input: { url: feeds.url('/feed') } });
    expect(anonymous.body.data?.sharePage ?? null).toBeNull();
    expect(anonymous.body.errors?.length).toBeGreaterThan(0);
  });
});
