import { describe, expect, it } from 'vitest';
import { follow, newFeed, newReader, publish, type Reader } from '../../test/articleFixtures.ts';
import { startTestServer } from '../../test/server.ts';
import { createComment } from '../domain/social/comments.ts';
import { follow as followPerson } from '../domain/social/follows.ts';
import { shareArticle } from '../domain/social/shares.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const articleGid = (id: string) => Buffer.from(`Article:${id}`).toString('base64');

// Ann follows Ben, Cat and seven more people; Dan she does not follow. Her paper carries a story the aggregator
// (which she does not read) also carries: what her circle did to either copy is on her card.
describe('circle signals: who you follow shared or commented on each article', async () => {
  const server = await startTestServer();
  const { services } = server;
  const [ann, ben, cat, dan] = [await newReader(services), await newReader(services), await newReader(services), await newReader(services)];
  const crowd: Reader[] = [];
  for (let i = 0; i < 7; i += 1) crowd.push(await newReader(services));
  for (const person of [ben, cat, ...crowd]) await followPerson(services, ann.viewer, person.id);
  // Dan follows Ann: that makes no difference to what Ann sees of Dan.
  await followPerson(services, dan.viewer, ann.id);
  const [paper, aggregator] = [await newFeed(services, { title: 'The Paper' }), await newFeed(services, { title: 'Aggregator' })];
  await follow(services, ann.id, paper.id);
  const [bridge, quiet, popular] = await publish(services, paper.id, [
    { publishedAt: hoursAgo(3), title: 'Bridge reopens', url: 'https://paper.example/city/bridge-reopens' },
    { publishedAt: hoursAgo(2), title: 'Nothing to see' },
    { publishedAt: hoursAgo(1), title: 'Everyone shares this' },
  ]);
  const [bridgeCopy] = await publish(services, aggregator.id, [
    {
      publishedAt: hoursAgo(2.5),
      title: 'Bridge reopens after repairs',
      url: 'https://www.paper.example/city/bridge-reopens?utm_source=agg',
    },
  ]);

  /** Sets when a share or comment was made, so "newest first" does not hang on the clock's resolution. */
  const at = async (table: 'share' | 'comment', id: string, hours: number) =>
    table === 'share'
      ? services.db.share.update({ where: { id }, data: { createdAt: hoursAgo(hours) } })
      : services.db.comment.update({ where: { id }, data: { createdAt: hoursAgo(hours) } });

  const benShare = await shareArticle(services, ben.viewer, { articleId: bridge!.id, isPublic: true });
  const catShare = await shareArticle(services, cat.viewer, { articleId: bridgeCopy!.id, isPublic: false });
  await at('share', benShare.id, 0.5);
  await at('share', catShare.id, 0.2);
  await shareArticle(services, dan.viewer, { articleId: bridge!.id, isPublic: true });
  await shareArticle(services, ann.viewer, { articleId: bridge!.id, isPublic: true });
  const catComment = await createComment(services, cat.viewer, { articleId: bridgeCopy!.id, content: 'Finally!' });
  await at('comment', catComment.id, 0.1);
  await createComment(services, dan.viewer, { articleId: bridge!.id, content: 'Two years late.' });
  await createComment(services, ann.viewer, { articleId: bridge!.id, content: 'Good.' });
  for (const [i, person] of crowd.entries()) {
    const share = await shareArticle(services, person.viewer, { articleId: popular!.id, isPublic: i % 2 === 0 });
    await at('share', share.id, 1 - i / 10);
  }

  const list = async () => (await server.rest('GET', '/articles', { token: ann.token })).body.articles as any[];
  const named = (people: { id: string; username: string }[]) => people.map((person) => person.username);

  it('lists the followed sharers of every copy of the story, public and private, newest first; not Dan, not Ann herself', async () => {
    const card = (await list()).find((article) => article.id === bridge!.id);
    expect(card.circle).toEqual({
      sharedBy: [
        { id: cat.id, username: cat.username, displayName: null, avatar: null },
        { id: ben.id, username: ben.username, displayName: null, avatar: null },
      ],
      commentedBy: [{ id: cat.id, username: cat.username, displayName: null, avatar: null }],
      sharedByCount: 2,
      commentedByCount: 1,
    });
    // Every share and comment still counts in _count (Dan's public share, Ann's own): the circle is a subset.
    expect(card._count).toMatchObject({ shares: 4, comments: 3 });
  });

  it('carries the same circle on one article, and an empty one where nobody Ann follows did anything', async () => {
    const { body } = await server.rest('GET', `/articles/${bridge!.id}`, { token: ann.token });
    expect(named(body.article.circle.sharedBy)).toEqual([cat.username, ben.username]);
    expect(named(body.article.circle.commentedBy)).toEqual([cat.username]);
    const untouched = (await list()).find((article) => article.id === quiet!.id);
    expect(untouched.circle).toEqual({ sharedBy: [], commentedBy: [], sharedByCount: 0, commentedByCount: 0 });
  });

  it('names at most five people, the most recent, and counts them all', async () => {
    const card = (await list()).find((article) => article.id === popular!.id);
    expect(named(card.circle.sharedBy)).toEqual(
      crowd
        .slice(2)
        .reverse()
        .map((person) => person.username),
    );
    expect(card.circle.sharedByCount).toBe(7);
    expect(card.circle.commentedByCount).toBe(0);
  });

  it('is the viewer’s own: Ben, who follows nobody, sees no circle on the same article', async () => {
    const { body } = await server.rest('GET', `/articles/${bridge!.id}`, { token: ben.token });
    expect(body.article.circle).toEqual({ sharedBy: [], commentedBy: [], sharedByCount: 0, commentedByCount: 0 });
  });

  it('answers Article.circle in GraphQL with User nodes', async () => {
    const { body } = await server.graphql(
      `query($id: ID!) { article(id: $id) { circle { sharedBy { id username name avatarUrl } commentedBy { username } sharedByCount commentedByCount } } }`,
      { id: articleGid(bridge!.id) },
      ann.token,
    );
    expect(body.errors).toBeUndefined();
    const circle = body.data.article.circle;
    expect(circle.sharedBy.map((user: { username: string }) => user.username)).toEqual([cat.username, ben.username]);
    expect(circle.sharedBy[0]).toMatchObject({ name: cat.username, avatarUrl: null });
    expect(circle.commentedBy).toEqual([{ username: cat.username }]);
    expect([circle.sharedByCount, circle.commentedByCount]).toEqual([2, 1]);
  });
});
