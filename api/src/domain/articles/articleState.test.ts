import { describe, expect, it } from 'vitest';
import { follow, newFeed, newFolder, newReader, publish, timeline, unreadIds, type Reader } from '../../../test/articleFixtures.ts';
import { createTestServices } from '../../../test/services.ts';
import { InvalidInputError, NotFoundError } from '../core/errors.ts';
import { renameSubscription, unsubscribe } from '../subscriptions/subscriptions.ts';
import { articleQuery } from './articleQuery.ts';
import {
  likeArticle,
  markAllArticlesRead,
  markArticleRead,
  markArticleUnread,
  starArticle,
  unlikeArticle,
  unstarArticle,
} from './articleState.ts';
import { getArticle, listArticles } from './listArticles.ts';

const services = await createTestServices();
const T0 = new Date('2025-04-01T09:00:00.000Z');
const MISSING = '0190a000-0000-7000-8000-000000000000';

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: Error) => error,
  );
}

/** Row counts of the reading tables, to prove a refused change wrote nothing. */
async function stateRows() {
  const [unread, liked, starred] = await Promise.all([
    services.db.unreadArticle.count(),
    services.db.likedArticle.count(),
    services.db.starredArticle.count(),
  ]);
  return { unread, liked, starred };
}

async function oneArticleFeed(subscribers: Reader[], options: { title?: string } = {}) {
  const feed = await newFeed(services, options);
  const subscriptions = [];
  for (const reader of subscribers) subscriptions.push(await follow(services, reader.id, feed.id));
  const [article] = await publish(services, feed.id, [
    { publishedAt: T0, title: 'The one', content: '<p>Full <strong>text</strong> here</p>' },
  ]);
  return { feed, article: article!, subscriptions };
}

describe('getArticle', () => {
  it('answers any article to any signed-in user, each with their own read, like and star state', async () => {
    const [ada, bob, carol] = [await newReader(services), await newReader(services), await newReader(services)];
    const { article } = await oneArticleFeed([ada, bob]);
    await markArticleRead(services, ada.viewer, article.id);
    await likeArticle(services, ada.viewer, article.id);
    await starArticle(services, bob.viewer, article.id);

    expect(await getArticle(services, ada.viewer, article.id)).toMatchObject({
      id: article.id,
      isRead: true,
      isLiked: true,
      starred: false,
    });
    expect(await getArticle(services, bob.viewer, article.id)).toMatchObject({
      id: article.id,
      isRead: false,
      isLiked: false,
      starred: true,
    });
    // Carol follows no feed of it (she came from a share): with no unread row, it counts as read for her.
    expect(await getArticle(services, carol.viewer, article.id)).toMatchObject({
      id: article.id,
      isRead: true,
      isLiked: false,
      starred: false,
    });
  });

  it('counts comments and likes from everyone, and the shares the viewer may see', async () => {
    const [ada, bob, carol] = [await newReader(services), await newReader(services), await newReader(services)];
    const { feed, article } = await oneArticleFeed([ada]);
    const [quiet] = await publish(services, feed.id, [{ publishedAt: T0, title: 'Quiet' }]);
    await services.db.comment.create({ data: { articleId: article.id, userId: ada.id, content: 'First!' } });
    await services.db.comment.create({ data: { articleId: article.id, userId: bob.id, content: 'Second' } });
    await services.db.comment.create({ data: { articleId: article.id, userId: bob.id, content: 'Third' } });
    await services.db.share.create({ data: { articleId: article.id, userId: carol.id, note: 'Look', isPublic: true } });
    await services.db.share.create({ data: { articleId: article.id, userId: bob.id, isPublic: true } });
    await likeArticle(services, ada.viewer, article.id);
    await likeArticle(services, bob.viewer, article.id);

    for (const reader of [ada, bob, carol]) {
      expect((await getArticle(services, reader.viewer, article.id)).counts).toEqual({ comments: 3, shares: 2, likes: 2 });
    }
    expect((await getArticle(services, ada.viewer, quiet!.id)).counts).toEqual({ comments: 0, shares: 0, likes: 0 });
    // A private share counts for its owner and their followers only.
    await services.db.share.create({ data: { articleId: article.id, userId: ada.id } });
    await services.db.follow.create({ data: { followerId: bob.id, followingId: ada.id } });
    const shares = async (reader: typeof ada) => (await getArticle(services, reader.viewer, article.id)).counts.shares;
    expect([await shares(ada), await shares(bob), await shares(carol)]).toEqual([3, 3, 2]);
  });

  it('keeps each article’s like count right through likes, unlikes, many at once, a story’s copies and deleted people', async () => {
    const [ada, bob, carol] = [await newReader(services), await newReader(services), await newReader(services)];
    const { feed, article } = await oneArticleFeed([ada, bob, carol]);
    const [other, copy] = await publish(services, feed.id, [
      { publishedAt: T0, title: 'Other' },
      { publishedAt: T0, title: 'Copy' },
    ]);
    const likes = async (id: string) => (await getArticle(services, ada.viewer, id)).counts.likes;
    const counted = async () => services.db.articleLikeCount.findMany({ where: { articleId: { in: [article.id, other!.id, copy!.id] } } });

    await likeArticle(services, ada.viewer, article.id);
    await likeArticle(services, ada.viewer, article.id); // liking twice counts once
    // Several people and articles in one statement.
    await services.db.likedArticle.createMany({
      data: [bob, carol].flatMap((reader) =>
        [article, other!].map((a) => ({ userId: reader.id, articleId: a.id, feedId: a.feedId, publishedAt: a.publishedAt })),
      ),
    });
    expect([await likes(article.id), await likes(other!.id), await likes(copy!.id)]).toEqual([3, 2, 0]);
    await unlikeArticle(services, bob.viewer, article.id);
    await unlikeArticle(services, bob.viewer, article.id);
    expect([await likes(article.id), await likes(other!.id)]).toEqual([2, 2]);
    // A story counts the likes of all its copies.
    await services.db.article.updateMany({ where: { id: { in: [article.id, copy!.id] } }, data: { storyId: article.id } });
    await likeArticle(services, bob.viewer, copy!.id);
    expect([await likes(article.id), await likes(copy!.id)]).toEqual([3, 3]);
    // A deleted account's likes go with it, several articles at once.
    await services.db.user.delete({ where: { id: carol.id } });
    expect([await likes(article.id), await likes(other!.id), await likes(copy!.id)]).toEqual([2, 1, 2]);
    // The counters agree with the likes themselves.
    expect(await counted()).toHaveLength(3);
    for (const row of await counted()) {
      expect(row.count).toBe(await services.db.likedArticle.count({ where: { articleId: row.articleId } }));
    }
  });

  it("shows the viewer's own title of a renamed subscription as feedTitle, and the feed's title to everyone else", async () => {
    const [ada, bob, carol] = [await newReader(services), await newReader(services), await newReader(services)];
    const { feed, article, subscriptions } = await oneArticleFeed([ada, bob], { title: 'Tech Crunchy' });
    await renameSubscription(services, ada.viewer, subscriptions[0]!.id, { title: 'My tech' });

    expect(await getArticle(services, ada.viewer, article.id)).toMatchObject({
      feedTitle: 'My tech',
      feed: { id: feed.id, title: 'Tech Crunchy' },
    });
    expect(await getArticle(services, bob.viewer, article.id)).toMatchObject({ feedTitle: 'Tech Crunchy' });
    expect(await getArticle(services, carol.viewer, article.id)).toMatchObject({ feedTitle: 'Tech Crunchy' });
    const { articles } = await listArticles(services, await articleQuery(services, ada.viewer, { filter: 'all', feedId: feed.id }));
    expect(articles.map((a) => a.feedTitle)).toEqual(['My tech']);

    await renameSubscription(services, ada.viewer, subscriptions[0]!.id, { title: '  ' });
    expect(await getArticle(services, ada.viewer, article.id)).toMatchObject({ feedTitle: 'Tech Crunchy' });
  });

  it('falls back to the feed’s address as feedTitle when the feed has no title', async () => {
    const ada = await newReader(services);
    const { feed, article } = await oneArticleFeed([ada], { title: '' });
    expect(await getArticle(services, ada.viewer, article.id)).toMatchObject({ feedTitle: feed.url });
  });

  it('leaves the HTML content out unless it is asked for', async () => {
    const ada = await newReader(services);
    const { article } = await oneArticleFeed([ada]);
    expect(await getArticle(services, ada.viewer, article.id)).not.toHaveProperty('content');
    expect(await getArticle(services, ada.viewer, article.id, { content: true })).toMatchObject({
      content: '<p>Full <strong>text</strong> here</p>',
    });
  });

  it.each([MISSING, 'not-a-uuid', '', 42, null])("answers %j with 'Article not found'", async (id) => {
    const ada = await newReader(services);
    const error = await refusal(getArticle(services, ada.viewer, id));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe('Article not found');
  });
});

describe('changing the state of one article', () => {
  it('marks read and unread again, answering the new state, any number of times', async () => {
    const [ada, bob] = [await newReader(services), await newReader(services)];
    const { article } = await oneArticleFeed([ada, bob]);

    expect(await markArticleRead(services, ada.viewer, article.id)).toMatchObject({ id: article.id, isRead: true });
    expect(await markArticleRead(services, ada.viewer, article.id)).toMatchObject({ isRead: true });
    expect(await unreadIds(services, ada.id)).toEqual(new Set());
    expect(await unreadIds(services, bob.id)).toEqual(new Set([article.id]));

    expect(await markArticleUnread(services, ada.viewer, article.id)).toMatchObject({ isRead: false });
    expect(await markArticleUnread(services, ada.viewer, article.id)).toMatchObject({ isRead: false });
    const rows = await services.db.unreadArticle.findMany({ where: { userId: ada.id } });
    expect(rows).toEqual([{ userId: ada.id, articleId: article.id, feedId: article.feedId, publishedAt: article.publishedAt }]);
  });

  it('likes once however often it is asked, and unliking what is not liked is fine', async () => {
    const [ada, bob] = [await newReader(services), await newReader(services)];
    const { article } = await oneArticleFeed([ada]);

    expect(await likeArticle(services, ada.viewer, article.id)).toMatchObject({ isLiked: true, counts: { likes: 1 } });
    expect(await likeArticle(services, ada.viewer, article.id)).toMatchObject({ isLiked: true, counts: { likes: 1 } });
    expect(await likeArticle(services, bob.viewer, article.id)).toMatchObject({ isLiked: true, counts: { likes: 2 } });
    expect(await services.db.likedArticle.count({ where: { articleId: article.id } })).toBe(2);

    expect(await unlikeArticle(services, ada.viewer, article.id)).toMatchObject({ isLiked: false, counts: { likes: 1 } });
    expect(await unlikeArticle(services, ada.viewer, article.id)).toMatchObject({ isLiked: false, counts: { likes: 1 } });
    expect(await getArticle(services, bob.viewer, article.id)).toMatchObject({ isLiked: true });
  });

  it('stars and unstars, idempotently', async () => {
    const ada = await newReader(services);
    const { article } = await oneArticleFeed([ada]);
    expect(await starArticle(services, ada.viewer, article.id)).toMatchObject({ starred: true });
    expect(await starArticle(services, ada.viewer, article.id)).toMatchObject({ starred: true });
    expect(await services.db.starredArticle.count({ where: { userId: ada.id } })).toBe(1);
    expect(await unstarArticle(services, ada.viewer, article.id)).toMatchObject({ starred: false });
    expect(await unstarArticle(services, ada.viewer, article.id)).toMatchObject({ starred: false });
    expect(await services.db.starredArticle.count({ where: { userId: ada.id } })).toBe(0);
  });

  it('likes an article of a feed the viewer does not follow, which then shows under liked', async () => {
    const [ada, carol] = [await newReader(services), await newReader(services)];
    const { article } = await oneArticleFeed([ada]);
    await likeArticle(services, carol.viewer, article.id);
    const { articles } = await listArticles(services, await articleQuery(services, carol.viewer, { filter: 'liked' }));
    expect(articles.map((a) => a.id)).toEqual([article.id]);
  });

  // Only articles of the viewer's own feeds can be unread (unread rows exist only for subscriptions). For any
  // other article markArticleUnread is a no-op that answers the article as it is: still read.
  it('marking unread an article of a feed the viewer does not follow (or has left) changes nothing and answers it read', async () => {
    const [ada, bob, carol] = [await newReader(services), await newReader(services), await newReader(services)];
    const { article, subscriptions } = await oneArticleFeed([ada, bob]);
    await markArticleRead(services, ada.viewer, article.id);
    await markArticleRead(services, bob.viewer, article.id);

    expect(await markArticleUnread(services, carol.viewer, article.id)).toMatchObject({ id: article.id, isRead: true });
    expect(await services.db.unreadArticle.count({ where: { articleId: article.id } })).toBe(0);

    await unsubscribe(services, ada.viewer, subscriptions[0]!.id);
    expect(await markArticleUnread(services, ada.viewer, article.id)).toMatchObject({ isRead: true });
    expect(await services.db.unreadArticle.count({ where: { articleId: article.id } })).toBe(0);
  });

  it.each([
    ['markArticleRead', markArticleRead],
    ['markArticleUnread', markArticleUnread],
    ['likeArticle', likeArticle],
    ['unlikeArticle', unlikeArticle],
    ['starArticle', starArticle],
    ['unstarArticle', unstarArticle],
  ])("%s of an unknown or malformed id refuses with 'Article not found' and writes nothing", async (_name, change) => {
    const ada = await newReader(services);
    await oneArticleFeed([ada]);
    const before = await stateRows();
    for (const id of [MISSING, 'nope']) {
      const error = await refusal(change(services, ada.viewer, id));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe('Article not found');
    }
    expect(await stateRows()).toEqual(before);
  });
});

describe('markAllArticlesRead', () => {
  /** Ada follows feeds a and b in a folder and c at the root, five articles each a minute apart; Bob follows a and c. */
  async function setup() {
    const [ada, bob] = [await newReader(services), await newReader(services)];
    const folder = await newFolder(services, ada.id, 'Morning');
    const [a, b, c] = [await newFeed(services), await newFeed(services), await newFeed(services)];
    await follow(services, ada.id, a.id, { folderId: folder.id });
    await follow(services, ada.id, b.id, { folderId: folder.id });
    await follow(services, ada.id, c.id);
    await follow(services, bob.id, a.id);
    await follow(services, bob.id, c.id);
    const articles = {
      a: await publish(services, a.id, timeline(5, { newest: T0 })),
      b: await publish(services, b.id, timeline(5, { newest: T0 })),
      c: await publish(services, c.id, timeline(5, { newest: T0 })),
    };
    await markArticleRead(services, ada.viewer, articles.a[0]!.id);
    const bobUnread = await unreadIds(services, bob.id);
    return { ada, bob, folder, feeds: { a, b, c }, articles, bobUnread };
  }

  it('marks every unread article of the viewer read, answers how many, and a second call answers 0', async () => {
    const { ada, bob, bobUnread } = await setup();
    expect(await markAllArticlesRead(services, ada.viewer, {})).toEqual({ markedCount: 14 });
    expect(await unreadIds(services, ada.id)).toEqual(new Set());
    expect(await unreadIds(services, bob.id)).toEqual(bobUnread);
    expect(await markAllArticlesRead(services, ada.viewer, {})).toEqual({ markedCount: 0 });
  });

  it('takes no input at all as everything', async () => {
    const { ada } = await setup();
    expect(await markAllArticlesRead(services, ada.viewer, undefined)).toEqual({ markedCount: 14 });
  });

  it('of one feed leaves the other feeds unread', async () => {
    const { ada, bob, feeds, articles, bobUnread } = await setup();
    expect(await markAllArticlesRead(services, ada.viewer, { feedId: feeds.a.id })).toEqual({ markedCount: 4 });
    expect(await unreadIds(services, ada.id)).toEqual(new Set([...articles.b, ...articles.c].map((x) => x.id)));
    expect(await unreadIds(services, bob.id)).toEqual(bobUnread);
    expect(await markAllArticlesRead(services, ada.viewer, { feedId: feeds.a.id })).toEqual({ markedCount: 0 });
  });

  it('of one folder marks the feeds in it and no other', async () => {
    const { ada, folder, articles } = await setup();
    expect(await markAllArticlesRead(services, ada.viewer, { folderId: folder.id })).toEqual({ markedCount: 9 });
    expect(await unreadIds(services, ada.id)).toEqual(new Set(articles.c.map((x) => x.id)));
  });

  it('with beforeDate marks only articles published at or before it (the instant itself included)', async () => {
    const { ada, articles } = await setup();
    // Minutes T0-2, T0-3 and T0-4 of each feed: 3 × 3 articles.
    const cutoff = articles.b[2]!.publishedAt;
    expect(await markAllArticlesRead(services, ada.viewer, { beforeDate: cutoff.toISOString() })).toEqual({ markedCount: 9 });
    const left = [articles.a[1]!, articles.b[0]!, articles.b[1]!, articles.c[0]!, articles.c[1]!];
    expect(await unreadIds(services, ada.id)).toEqual(new Set(left.map((x) => x.id)));
  });

  it('with a feed and beforeDate combines both', async () => {
    const { ada, feeds, articles } = await setup();
    expect(await markAllArticlesRead(services, ada.viewer, { feedId: feeds.c.id, beforeDate: articles.c[3]!.publishedAt })).toEqual({
      markedCount: 2,
    });
    expect(await markAllArticlesRead(services, ada.viewer, { feedId: feeds.c.id, beforeDate: new Date(T0.getTime() - 3_600_000) })).toEqual(
      {
        markedCount: 0,
      },
    );
  });

  it('of a feed the viewer does not follow marks nothing', async () => {
    const { ada, bob } = await setup();
    const bobsFeed = await newFeed(services);
    await follow(services, bob.id, bobsFeed.id);
    await publish(services, bobsFeed.id, timeline(2, { newest: T0 }));
    const bobUnread = await unreadIds(services, bob.id);
    expect(await markAllArticlesRead(services, ada.viewer, { feedId: bobsFeed.id })).toEqual({ markedCount: 0 });
    expect(await unreadIds(services, bob.id)).toEqual(bobUnread);
  });

  it.each([
    [
      'a feed and a folder together',
      (s: Awaited<ReturnType<typeof setup>>) => ({ feedId: s.feeds.a.id, folderId: s.folder.id }),
      InvalidInputError,
      'Choose a feed or a folder, not both',
    ],
    ['an unknown feed', () => ({ feedId: MISSING }), NotFoundError, 'Feed not found'],
    ['a malformed feed id', () => ({ feedId: 'feed-1' }), NotFoundError, 'Feed not found'],
    [
      "another user's folder",
      async (s: Awaited<ReturnType<typeof setup>>) => ({ folderId: (await newFolder(services, s.bob.id)).id }),
      NotFoundError,
      'Folder not found',
    ],
    ['a beforeDate that is no date', () => ({ beforeDate: 'soon' }), InvalidInputError, 'beforeDate must be a date'],
  ])('refuses %s and marks nothing', async (_name, input, type, message) => {
    const s = await setup();
    const before = await stateRows();
    const error = await refusal(markAllArticlesRead(services, s.ada.viewer, await input(s)));
    expect(error).toBeInstanceOf(type);
    expect(error.message).toBe(message);
    expect(await stateRows()).toEqual(before);
  });
});
