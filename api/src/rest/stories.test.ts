import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, unreadIds } from '../../test/articleFixtures.ts';
import { signUp, startTestServer } from '../../test/server.ts';
import { createComment } from '../domain/social/comments.ts';
import { shareArticle } from '../domain/social/shares.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const articleGid = (id: string) => Buffer.from(`Article:${id}`).toString('base64');

// One story told by a newspaper, an aggregator and a blog; the reader follows all three, the newspaper first.
describe('stories: one card, one read mark and one conversation per story', async () => {
  const server = await startTestServer();
  const { services } = server;
  const ann = await newReader(services);
  const ben = await newReader(services);
  const [paper, aggregator, blog] = [
    await newFeed(services, { title: 'The Paper' }),
    await newFeed(services, { title: 'Aggregator' }),
    await newFeed(services, { title: 'A blog' }),
  ];
  for (const feed of [paper, aggregator, blog]) await follow(services, ann.id, feed.id);
  await follow(services, ben.id, aggregator.id);
  const [story] = await publish(services, paper.id, [
    { publishedAt: hoursAgo(3), title: 'Bridge reopens', url: 'https://paper.example/city/bridge-reopens' },
  ]);
  const [aggregated, other] = await publish(services, aggregator.id, [
    {
      publishedAt: hoursAgo(2),
      title: 'Bridge reopens after repairs',
      url: 'https://www.paper.example/city/bridge-reopens?utm_source=agg',
    },
    { publishedAt: hoursAgo(1), title: 'Something else' },
  ]);
  const [blogged] = await publish(services, blog.id, [
    { publishedAt: hoursAgo(1.5), title: 'The bridge!', url: 'https://paper.example/city/bridge-reopens/amp' },
  ]);
  const list = async (query = '', token = ann.token) => (await server.rest('GET', `/articles${query}`, { token })).body.articles as any[];

  it('lists one article per story, the copy of the feed subscribed to first, with the others in alsoIn', async () => {
    const articles = await list();
    expect(articles.map((article) => article.title)).toEqual(['Something else', 'Bridge reopens']);
    const card = articles[1];
    expect(card.storyId).toBe(story!.id);
    expect(card.alsoIn).toEqual([
      { articleId: aggregated!.id, feed: { id: aggregator.id, title: 'Aggregator' } },
      { articleId: blogged!.id, feed: { id: blog.id, title: 'A blog' } },
    ]);
    expect(articles[0].storyId).toBe(other!.id);
    expect(articles[0].alsoIn).toEqual([]);
  });

  it('lists every copy with groupStories=false, each with its storyId; a feed’s own list shows its copy', async () => {
    const every = await list('?groupStories=false');
    expect(every.map((article) => article.title)).toEqual([
      'Something else',
      'The bridge!',
      'Bridge reopens after repairs',
      'Bridge reopens',
    ]);
    expect(new Set(every.slice(1).map((article) => article.storyId))).toEqual(new Set([story!.id]));
    expect((await list(`?feedId=${blog.id}`)).map((article) => article.title)).toEqual(['The bridge!']);
    expect((await server.rest('GET', '/articles?groupStories=maybe', { token: ann.token })).status).toBe(400);
  });

  it('Ben, who follows only the aggregator, sees its copy with nothing in alsoIn', async () => {
    const articles = await list('', ben.token);
    const bridge = articles.find((article) => article.storyId === story!.id);
    expect(bridge).toMatchObject({ id: aggregated!.id, alsoIn: [] });
  });

  it('one conversation: comments and shares on any copy are read on every copy, and counted on each', async () => {
    await createComment(services, ben.viewer, { articleId: aggregated!.id, content: 'Finally!' });
    await createComment(services, ann.viewer, { articleId: story!.id, content: 'Two years late.' });
    await shareArticle(services, ben.viewer, { articleId: aggregated!.id, note: 'Good news', isPublic: true });
    for (const id of [story!.id, aggregated!.id, blogged!.id]) {
      const comments = (await server.rest('GET', `/comments/article/${id}`, { token: ann.token })).body;
      expect(JSON.stringify(comments)).toContain('Finally!');
      expect(JSON.stringify(comments)).toContain('Two years late.');
      const { article } = (await server.rest('GET', `/articles/${id}`, { token: ann.token })).body;
      expect(article._count).toMatchObject({ comments: 2, shares: 1 });
    }
    const shares = await server.graphql(
      `query($id: ID!) { article(id: $id) { shares(first: 10) { edges { node { note article { id feedTitle } } } } } }`,
      { id: articleGid(blogged!.id) },
      ann.token,
    );
    expect(shares.body.data.article.shares.edges).toEqual([
      { node: { note: 'Good news', article: { id: articleGid(aggregated!.id), feedTitle: 'Aggregator' } } },
    ]);
  });

  it('reading any copy marks every copy read for that reader only', async () => {
    expect((await server.rest('POST', `/articles/${blogged!.id}/read`, { token: ann.token })).status).toBe(200);
    const unread = await unreadIds(services, ann.id);
    for (const copy of [story!, aggregated!, blogged!]) expect(unread.has(copy.id)).toBe(false);
    expect((await unreadIds(services, ben.id)).has(aggregated!.id)).toBe(true);
  });

  it('GraphQL: Article.story with its copies, alsoIn, and the setting that turns grouping off', async () => {
    const storyQuery = `query($id: ID!) { article(id: $id) { story { id articles { id } } alsoIn { feedTitle article { id } } } }`;
    const answer = await server.graphql(storyQuery, { id: articleGid(story!.id) }, ann.token);
    expect(answer.body.data.article.story.articles.map((a: { id: string }) => a.id)).toEqual(
      [story!, aggregated!, blogged!].map((copy) => articleGid(copy.id)),
    );
    expect(answer.body.data.article.alsoIn.map((copy: { feedTitle: string }) => copy.feedTitle)).toEqual(['Aggregator', 'A blog']);
    const node = await server.graphql(
      `query($id: ID!) { node(id: $id) { ... on Story { articles { id } } } }`,
      { id: answer.body.data.article.story.id },
      ann.token,
    );
    expect(node.body.data.node.articles).toHaveLength(3);

    const set = `mutation($on: Boolean!) { setStoryGrouping(groupStories: $on) { __typename ... on User { groupStories } } }`;
    expect((await server.graphql(set, { on: false }, ann.token)).body.data.setStoryGrouping).toEqual({
      __typename: 'User',
      groupStories: false,
    });
    expect((await list('?filter=all')).length).toBe(4);
    expect((await list('?groupStories=true')).length).toBe(2);
    await server.graphql(set, { on: true }, ann.token);
    expect((await list('?filter=all')).length).toBe(2);
  });

  it('an administrator splits a wrong match, and the copy stays apart', async () => {
    const admin = await signUp(services, { admin: true });
    const split = `mutation($id: ID!) { splitStory(articleId: $id) { __typename ... on Article { story { id } } ... on Error { message } } }`;
    expect((await server.graphql(split, { id: articleGid(blogged!.id) }, ann.token)).body.data.splitStory.__typename).toBe(
      'ForbiddenError',
    );
    const answer = await server.graphql(split, { id: articleGid(blogged!.id) }, admin.token);
    expect(answer.body.data.splitStory.__typename).toBe('Article');
    const rest = (await server.rest('GET', `/articles/${blogged!.id}`, { token: ann.token })).body.article;
    expect(rest).toMatchObject({ storyId: blogged!.id, alsoIn: [] });
    expect((await server.rest('GET', `/articles/${story!.id}`, { token: ann.token })).body.article.alsoIn).toHaveLength(1);
    const again = await server.graphql(split, { id: articleGid(blogged!.id) }, admin.token);
    expect(again.body.data.splitStory).toMatchObject({ __typename: 'InvalidInputError' });
  });
});
